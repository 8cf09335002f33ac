import { index, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('tracteurs', 'routes/tractors.tsx'),
  route('materiel-agricole', 'routes/equipment-hub.tsx'),
  route('materiel-agricole/:categoryId', 'routes/equipment-category.tsx'),
  route('pieces-detachees', 'routes/spare-parts-hub.tsx'),
  route('pieces-detachees/wheeled-tractors', 'routes/wheeled-tractors.tsx'),
  route('pieces-detachees/tracteurs-sans-roues', 'routes/non-wheeled-tractors.tsx'),
  route('pieces-detachees/tracteurs-sans-roues/:brandId', 'routes/non-wheeled-brand.tsx'),
  route('pieces-detachees/trucks', 'routes/trucks.tsx'),
  route('pieces-detachees/trucks/:brandId', 'routes/truck-brand.tsx'),
  route('pieces-detachees/working-machines', 'routes/working-machines.tsx'),
  route('pieces-detachees/agricultural-engines', 'routes/engines.tsx'),
  route('pieces-detachees/agricultural-engines/:categoryId', 'routes/engine-category.tsx'),
  route('pieces-detachees/ghiyar-3itad-zira3i', 'routes/farm-parts-hub.tsx'),
  route('pieces-detachees/ghiyar-3itad-zira3i/:categoryId', 'routes/farm-parts-category.tsx'),
  // Wheeled-tractor brands sit directly under /pieces-detachees (the static sections above win).
  route('pieces-detachees/:brandId', 'routes/wheeled-brand.tsx'),
  route('pieces-detachees/:brandId/:modelId', 'routes/wheeled-model.tsx'),
  route('forms/:formId', 'routes/form.tsx'),
  route('thank-you', 'routes/thank-you.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
