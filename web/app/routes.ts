import { index, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('tracteurs', 'routes/tractors.tsx'),
  route('forms/:formId', 'routes/form.tsx'),
  route('thank-you', 'routes/thank-you.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
