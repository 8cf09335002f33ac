import { Link } from 'react-router';
import { PageMeta } from '../components/PageMeta';
import { TractorIllustration } from '../features/tractors/TractorIllustration';
import { useLocalize } from '../i18n/language';
import { siteText } from '../i18n/site-text';

const text = siteText.home;

const figures = [
  { value: '25+', label: text.figures.years },
  { value: '500+', label: text.figures.products },
  { value: '50+', label: text.figures.partners },
  { value: '99%', label: text.figures.satisfaction },
];

const services = [text.services.sales, text.services.parts, text.services.support];

export default function HomePage() {
  const localize = useLocalize();
  return (
    <>
      <PageMeta title={siteText.siteTitle} description={siteText.siteDescription} />
      <section className="bg-brand-900 text-white">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
          <h1 className="max-w-2xl text-3xl font-bold leading-tight sm:text-5xl">{localize(text.heroTitle)}</h1>
          <p className="mt-4 max-w-xl text-lg text-brand-100">{localize(text.heroSubtitle)}</p>
          <a
            href="#products"
            className="mt-8 inline-flex min-h-12 items-center rounded-lg bg-harvest-400 px-6 font-semibold text-brand-950 hover:bg-harvest-500"
          >
            {localize(text.viewProducts)}
          </a>
        </div>
      </section>

      <section id="products" className="mx-auto max-w-6xl px-4 py-12">
        <h2 className="mb-6 text-2xl font-bold text-brand-900">{localize(text.categoriesTitle)}</h2>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          <li>
            <Link
              to="/tracteurs"
              className="block overflow-hidden rounded-card border border-line bg-white shadow-sm hover:shadow-md"
            >
              <TractorIllustration className="aspect-[8/5] w-full" />
              <span className="block p-4">
                <span className="block text-lg font-bold text-brand-900">{localize(text.tractorsCategory)}</span>
                <span className="mt-1 block text-ink-muted">{localize(text.tractorsCategoryText)}</span>
              </span>
            </Link>
          </li>
        </ul>
      </section>

      <section id="about" className="bg-white">
        <div className="mx-auto max-w-6xl px-4 py-12">
          <h2 className="text-2xl font-bold text-brand-900">{localize(text.aboutTitle)}</h2>
          <p className="mt-3 max-w-2xl text-ink-muted">{localize(text.aboutText)}</p>
          <dl className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-4">
            {figures.map(({ value, label }) => (
              <div key={value} className="rounded-card bg-brand-50 p-4 text-center">
                <dt className="sr-only">{localize(label)}</dt>
                <dd>
                  <span className="block text-3xl font-bold text-brand-800" dir="ltr">
                    {value}
                  </span>
                  <span aria-hidden="true" className="text-ink-muted">
                    {localize(label)}
                  </span>
                </dd>
              </div>
            ))}
          </dl>
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
    </>
  );
}
