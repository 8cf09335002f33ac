import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import type { AdminOrder } from '../../shared/admin-api';
import { adminJson, expectAdminPage, listedOrderNames as listedNames, openAdmin, signInOnce, unexpectedErrors } from '../support/admin';
import { seriousViolations } from '../support/axe';
import { browserEnvironment } from '../support/environment';
import { adminFetch, staffToken } from '../support/staff';
import { sendTractorOrder } from '../support/submissions';

/**
 * Who does what on an order, through the real sign-in, in French on a desk:
 * giving it to a colleague and finding it under their name, a thread of
 * notes written by two staff at the same time, a label, archiving it out of
 * the inbox, and deleting it for a farmer who asks to be forgotten; and a
 * change of several orders undone right after.
 */

const env = browserEnvironment({}, { antiSpam: false });
let token: string;
let colleague: { email: string; token: string };

beforeAll(async () => {
  token = await signInOnce(env.browser, env.stack);
  colleague = await staffToken(env.stack, ['staff']);
});

const api = <T>(path: string, init: RequestInit = {}, as = token) => adminJson<T>(env.stack, as, path, init);
const orderOf = async (orderId: string) => (await api<{ order: AdminOrder }>(`/api/admin/orders/${orderId}`)).order;

/** A phone number no other test uses: `0662 12 34 56`. */
function newPhone(): string {
  const digits = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
  return `0662 ${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4)}`;
}

/** A tractor order sent to the public API, with a name of its own, from this phone. */
async function sendOrder(phone = newPhone()): Promise<{ orderId: string; name: string; phone: string }> {
  const name = `Mourad ${randomUUID().slice(0, 6)}`;
  return { orderId: await sendTractorOrder(env.stack, { fullName: name, phone }), name, phone };
}

describe('who does what on an order (French, desk)', () => {
  test('given to a colleague, noted by two staff at once, archived out of the inbox, then deleted for good', async () => {
    const { orderId, name, phone } = await sendOrder();
    const { page, errors } = await openAdmin(env.browser, env.stack, `/admin/orders/${orderId}`, { language: 'fr', screen: 'desk' });
    await expectAdminPage(page, 'fr', name);
    const history = page.getByRole('region', { name: 'Historique' });
    await history.getByText('Ouverte').waitFor();

    // Given to a colleague, chosen from the staff list; the history says who gave it to whom.
    const assignee = page.getByLabel('Suivie par');
    await expect.poll(() => assignee.locator('option').allInnerTexts()).toEqual(expect.arrayContaining(['Personne', colleague.email, env.stack.admin.email]));
    await assignee.selectOption(colleague.email);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('status').getByText('Enregistré.').waitFor();
    await history.getByText(`Suivie par : Personne → ${colleague.email}`).waitFor();
    expect((await orderOf(orderId)).assignee).toBe(colleague.email);

    // The colleague writes a note while this page still shows none; ours is added after theirs, and both stay.
    const notes = page.getByRole('region', { name: 'Notes du personnel' });
    await notes.getByText('Aucune note pour l’instant.').waitFor();
    await adminFetch(env.stack, colleague.token, `/api/admin/orders/${orderId}/notes`, { method: 'POST', body: JSON.stringify({ text: 'Devis envoyé par e-mail' }) });
    await notes.getByLabel('Nouvelle note').fill('Rappeler lundi, il attend le devis');
    await notes.getByRole('button', { name: 'Ajouter la note' }).click();
    await page.getByRole('status').getByText('Note ajoutée.').waitFor();
    const thread = notes.getByRole('list', { name: 'Notes du personnel' }).getByRole('listitem');
    await expect.poll(() => thread.allInnerTexts()).toEqual([
      expect.stringMatching(new RegExp(`^${colleague.email.replace(/[.+]/g, '\\$&')} · .+\\n+Devis envoyé par e-mail$`)),
      expect.stringMatching(new RegExp(`^${env.stack.admin.email.replace(/[.+]/g, '\\$&')} · .+\\n+Rappeler lundi, il attend le devis$`)),
    ]);
    expect(await notes.getByLabel('Nouvelle note').inputValue()).toBe('');

    // A label, typed once; the inbox filters by it.
    const label = `Salon ${randomUUID().slice(0, 4)}`;
    const labels = page.getByRole('region', { name: 'Étiquettes' });
    await labels.getByLabel('Étiquette (déjà utilisée ou nouvelle)').fill(label);
    await labels.getByRole('button', { name: 'Ajouter l’étiquette' }).click();
    await labels.getByRole('button', { name: `Retirer l’étiquette « ${label} »` }).waitFor();
    await history.getByText(`Étiquettes : – → ${label}`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Found under the colleague's name in the inbox, and not among mine.
    await page.getByRole('link', { name: 'Retour aux demandes' }).click();
    await expectAdminPage(page, 'fr', 'Demandes');
    await page.getByLabel('Suivie par').selectOption(colleague.email);
    await page.waitForURL(/assignee=/);
    await expect.poll(() => listedNames(page)).toContain(name);
    await page.getByLabel('Suivie par').selectOption({ label: 'Les miennes' });
    await page.waitForURL(/assignee=me/);
    await expect.poll(() => listedNames(page)).not.toContain(name);
    await page.getByLabel('Suivie par').selectOption({ label: 'Tout le monde' });
    await page.getByLabel('Étiquette', { exact: true }).selectOption(label);
    await page.waitForURL(/label=/);
    await expect.poll(() => listedNames(page)).toEqual([name]);

    // Archived: out of the inbox, found with the archived filter.
    await page.goto(`${env.stack.siteUrl}/admin/orders/${orderId}`);
    await expectAdminPage(page, 'fr', name);
    await page.getByRole('button', { name: 'Archiver la demande' }).click();
    await page.getByText('Cette demande est archivée : elle n’apparaît dans la liste qu’avec le filtre « Archivées seulement ».').waitFor();
    await history.getByText('Archivée', { exact: true }).waitFor();
    await page.goto(`${env.stack.siteUrl}/admin/orders?q=${encodeURIComponent(phone)}`);
    await page.getByText('Aucune demande ne correspond à ces filtres.').waitFor();
    await page.getByLabel('Archivées seulement').check();
    await page.waitForURL(/archived=true/);
    await expect.poll(() => listedNames(page)).toEqual([name]);

    // Deleted, after a confirmation naming the farmer: only who deleted it and when stay.
    await page.getByRole('link', { name: new RegExp(`^${name}`) }).click();
    await expectAdminPage(page, 'fr', name);
    await page.getByRole('button', { name: 'Supprimer la demande définitivement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer' });
    await dialog.getByText(`Supprimer définitivement la demande de « ${name} » et ses photos ? C’est sans retour.`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    await expectAdminPage(page, 'fr', 'Demandes');
    await page.getByText('Aucune demande ne correspond à ces filtres.').waitFor();
    const gone = await adminFetch(env.stack, token, `/api/admin/orders/${orderId}`);
    expect(gone.status).toBe(410);
    expect(await gone.json()).toMatchObject({ code: 'orderDeleted', deleted: { by: env.stack.admin.email } });
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

describe('a change of several orders (French, desk)', () => {
  test('is undone right after, each order back to its own status, but one a colleague changed since is left as they made it', async () => {
    const first = await sendOrder();
    const phone = first.phone;
    const others = [(await sendOrder(phone)).orderId, (await sendOrder(phone)).orderId];
    const quoted = others[0]!;
    await api(`/api/admin/orders/${quoted}`, { method: 'PATCH', body: JSON.stringify({ status: 'quoted', version: (await orderOf(quoted)).version }) });

    const { page, errors } = await openAdmin(env.browser, env.stack, `/admin/orders?q=${encodeURIComponent(phone)}`, { language: 'fr', screen: 'desk' });
    await expect.poll(() => listedNames(page)).toHaveLength(3);
    await page.getByRole('checkbox', { name: 'Sélectionner toutes les demandes affichées' }).check();
    await page.getByLabel('Nouveau statut des demandes sélectionnées').selectOption({ label: 'Perdu' });
    await page.getByRole('button', { name: 'Appliquer' }).click();
    await page.getByRole('status').getByText('3 modifiées', { exact: false }).waitFor();

    // A colleague marks one of them won before the undo.
    const colleagueChanged = others[1]!;
    await adminFetch(env.stack, colleague.token, `/api/admin/orders/${colleagueChanged}`, {
      method: 'PATCH',
      body: JSON.stringify({ status: 'won', version: (await orderOf(colleagueChanged)).version }),
    });
    await page.getByRole('button', { name: 'Annuler', exact: true }).click();
    await page
      .getByRole('status')
      .getByText('2 remises comme avant · 1 modifiée entre-temps par quelqu’un d’autre, donc laissées telles quelles : vérifiez-les, puis recommencez')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Annuler', exact: true }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    expect((await orderOf(first.orderId)).status).toBe('new');
    expect((await orderOf(quoted)).status).toBe('quoted');
    expect((await orderOf(colleagueChanged)).status).toBe('won');
    const history = (await orderOf(quoted)).history!.map((entry) => entry.changes.status);
    expect(history.slice(-2)).toEqual([
      { from: 'quoted', to: 'lost' },
      { from: 'lost', to: 'quoted' },
    ]);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

