import { Link } from 'react-router';
import { equipmentCategoryPath, equipmentHubPath, sparePartSectionPath, sparePartsHubPath, tractorsPath } from '../../../shared/catalogue/paths';
import type { Localized } from '../../../shared/languages';
import { PageMeta } from '../components/PageMeta';
import type { DrawingKind } from '../../../shared/catalogue/drawings';
import { ItemPicture } from '../pictures/ItemPicture';
import { ContactSection } from '../features/home/ContactSection';
import { FeaturedProducts } from '../features/home/FeaturedProducts';
import { TractorIllustration } from '../pictures/TractorIllustration';
import { useDealer, useSiteText } from '../../shared/content/content';
import { useLocalize } from '../../shared/i18n/language';

export default function HomePage() {
  const siteText = useSiteText();
  const text = siteText.home;
  const dealer = useDealer();
  const localize = useLocalize();
  const categories: { to: string; name: Localized; text: Localized; placeholder: DrawingKind }[] = [
    { to: tractorsPath, ...text.categories.tractors, placeholder: 'wheeled-tractor' },
    { to: sparePartsHubPath, ...text.categories.spareParts, placeholder: 'part' },
    { to: equipmentHubPath, ...text.categories.equipment, placeholder: 'soil-tool' },
    { to: equipmentCategoryPath('autres'), ...text.categories.tools, placeholder: 'other-tool' },
    { to: sparePartSectionPath('ghiyar-3itad-zira3i'), ...text.categories.accessories, placeholder: 'part' },
  ];
  const services = [text.services.sales, text.services.parts, text.services.support];
  return (
    <>
      <PageMeta title={siteText.siteTitle} description={siteText.siteDescription} />
      {dealer.promo.show && (
        <p className="bg-harvest-400 px-4 py-2 text-center font-semibold text-brand-950">
          {localize(dealer.promo.text)}{' '}
          <Link to={tractorsPath} className="inline-flex min-h-12 items-center underline underline-offset-4 sm:min-h-0">
            {localize(dealer.promo.linkLabel)}
          </Link>
        </p>
      )}

      <section className="bg-brand-900 text-white">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:py-20 lg:grid-cols-[3fr_2fr]">
          <div>
            <h1 className="max-w-2xl text-3xl font-bold leading-tight sm:text-5xl">{localize(text.heroTitle)}</h1>
            <p className="mt-4 max-w-xl text-lg text-brand-100">{localize(text.heroSubtitle)}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <a
                href="#products"
                className="inline-flex min-h-12 items-center rounded-lg bg-harvest-400 px-6 font-semibold text-brand-950 hover:bg-harvest-500"
              >
                {localize(text.viewProducts)}
              </a>
              <a
                href="#contact"
                className="inline-flex min-h-12 items-center rounded-lg border-2 border-white px-6 font-semibold text-white hover:bg-white/10"
              >
                {localize(text.contactUs)}
              </a>
            </div>
          </div>
          {/* Balances the wide screen; phones keep the text and buttons first. */}
          <TractorIllustration className="hidden w-full overflow-hidden rounded-card lg:block" />
        </div>
      </section>

      <section id="products" className="mx-auto max-w-6xl px-4 py-12">
        <h2 className="mb-6 text-2xl font-bold text-brand-900">{localize(text.categoriesTitle)}</h2>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {categories.map((category, index) => (
            <li key={category.to}>
              <Link
                to={category.to}
                className="block h-full overflow-hidden rounded-card border border-line bg-white shadow-sm hover:shadow-md"
              >
                {/* Below the banner, only the first card reaches a phone's first screen. */}
                <ItemPicture
                  alt={localize(category.name)}
                  placeholder={category.placeholder}
                  priority={index === 0}
                  drawingAfterFirstPaint={index > 0}
                />
                <span className="block p-4">
                  <span className="block text-lg font-bold text-brand-900">{localize(category.name)}</span>
                  <span className="mt-1 block text-ink-muted">{localize(category.text)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section id="about" className="bg-white">
        <div className="mx-auto max-w-6xl px-4 py-12">
          <h2 className="text-2xl font-bold text-brand-900">{localize(text.aboutTitle)}</h2>
          <p className="mt-3 max-w-2xl text-ink-muted">{localize(text.aboutText)}</p>
          <ul className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-4">
            {dealer.figures.map(({ value, label }, index) => (
              <li key={index} className="rounded-card bg-brand-50 p-4 text-center">
                <span className="block text-3xl font-bold text-brand-800" dir="ltr">
                  {value}
                </span>
                <span className="text-ink-muted">{localize(label)}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="services" className="mx-auto max-w-6xl px-4 py-12">
        <h2 className="mb-6 text-2xl font-bold text-brand-900">{localize(text.servicesTitle)}</h2>
        <ul className="grid gap-6 sm:grid-cols-3">
          {services.map((service) => (
            <li key={service.title.en} className="rounded-card border border-line bg-white p-5">
              <h3 className="text-lg font-bold text-brand-900">{localize(service.title)}</h3>
              <p className="mt-2 text-ink-muted">{localize(service.text)}</p>
            </li>
          ))}
        </ul>
      </section>

      <FeaturedProducts />
      <ContactSection />
    </>
  );
}
