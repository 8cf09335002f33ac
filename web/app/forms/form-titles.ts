import type { Localized } from '../../../shared/languages';
import titles from './generated/form-titles.json';

/** Every form's title, by form id (written by `forms:build`): enough to render a form's page before its code loads. */
export const formTitles: Readonly<Record<string, Localized>> = titles;
