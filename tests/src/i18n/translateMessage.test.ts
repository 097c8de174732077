import { describe, expect, it } from 'vitest';
import { appMessages as en } from '../../../src/i18n/en';
import { appMessages as es } from '../../../src/i18n/es';
import { localizeBody } from '../../../src/i18n/localizeBody';
import { resourceTerms } from '../../../src/i18n/react-admin-es';
import { termsOf, translateMessage } from '../../../src/i18n/translateMessage';
import { serverMessageTexts } from './server-message-texts';

/** Messages written the same in Spanish. */
const sameInSpanish = new Set<string>([]);

describe('translateMessage', () => {
  it('keeps the English as the server wrote it for an English reader', () => {
    expect(translateMessage('Code must be at most 50 characters', en)).toBe(
      'Code must be at most 50 characters',
    );
  });

  it('translates a fixed message', () => {
    expect(translateMessage('Too many attempts. Try again in a few minutes.', es)).toBe(
      es.serverMessages.tooManyAttempts,
    );
    expect(translateMessage('Body is required', es)).toBe(es.serverMessages.bodyRequired);
  });

  it("carries a template's numbers over and translates its field label", () => {
    expect(translateMessage('Code must be at most 50 characters', es)).toBe(
      'Código: debe tener como máximo 50 caracteres',
    );
    expect(translateMessage('Prints at 40 DPI; a print needs at least 150', es)).toBe(
      'Se imprime a 40 DPI; una impresión necesita al menos 150',
    );
  });

  it('keeps a label it does not know, and uses labels it is given', () => {
    expect(translateMessage('Mascot is required', es)).toBe('Mascot: es obligatorio');
    expect(translateMessage('Mascot is required', es, new Map([['Mascot', 'Mascota']]))).toBe(
      'Mascota: es obligatorio',
    );
  });

  it("translates a refused workflow step with the step's and the state's names", () => {
    const terms = new Map([...termsOf(es), ...resourceTerms]);
    expect(translateMessage('Send to print is not possible: it is Scheduled', es, terms)).toBe(
      'Enviar a imprimir no es posible: está en Programada',
    );
  });

  it('translates a message nested in another, and the words it quotes', () => {
    expect(
      translateMessage('Layer 1 (logo on the back): The logo must lie inside the printable area', es),
    ).toBe('Capa 1 (logotipo en la espalda): El logotipo debe quedar dentro del área de impresión');
  });

  it("translates a stale save's 409, who and when kept, a lower-cased resource name lower-cased", () => {
    const terms = new Map([...termsOf(es), ['Setting', 'Ajuste']]);
    expect(
      translateMessage(
        'Olive Operator changed this setting at 2026-11-25 06:41 UTC, after you opened it',
        es,
        terms,
      ),
    ).toBe(
      'Olive Operator cambió este registro (ajuste) el 2026-11-25 06:41 UTC, después de que usted lo abriera',
    );
    expect(
      translateMessage(
        'Someone changed this setting at 2026-11-25 06:41 UTC, after you opened it',
        es,
        terms,
      ),
    ).toBe('Alguien cambió este registro (ajuste) el 2026-11-25 06:41 UTC, después de que usted lo abriera');
    expect(translateMessage('Someone changed this setting after you opened it', es, terms)).toBe(
      'Alguien cambió este registro (ajuste) después de que usted lo abriera',
    );
  });

  it("shows a stale save's time, which the server writes in UTC, as the reader's clock does, in English too", () => {
    const chicago = (at: Date) =>
      new Intl.DateTimeFormat('en-US', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'America/Chicago',
      }).format(at);
    expect(
      translateMessage(
        'Olive Operator changed this setting at 2026-11-25 06:41 UTC, after you opened it',
        en,
        termsOf(en),
        chicago,
      ),
    ).toBe('Olive Operator changed this setting at Nov 25, 2026, 12:41 AM, after you opened it');
    const terms = new Map([...termsOf(es), ['Setting', 'Ajuste']]);
    expect(
      translateMessage(
        'Olive Operator changed this setting at 2026-11-25 06:41 UTC, after you opened it',
        es,
        terms,
        (at) => at.toISOString(),
      ),
    ).toBe(
      'Olive Operator cambió este registro (ajuste) el 2026-11-25T06:41:00.000Z, después de que usted lo abriera',
    );
    // Only a whole placeholder in the server's form is a time.
    expect(translateMessage('Code must be at most 50 characters', en, termsOf(en), chicago)).toBe(
      'Code must be at most 50 characters',
    );
  });

  it('passes an unknown message through unchanged', () => {
    expect(translateMessage('The flux capacitor is offline', es)).toBe('The flux capacitor is offline');
  });

  it("translates a response body's messages and nothing else", () => {
    const body = {
      result: { status: 'Failed', message: 'Invalid login attempt.' },
      validationFailures: [{ propertyName: 'code', errorMessage: 'Code is already in use' }],
      message: 'Something went wrong',
    };
    expect(localizeBody(body, (text) => translateMessage(text, es))).toEqual({
      result: { status: 'Failed', message: es.serverMessages.failedLogin },
      validationFailures: [{ propertyName: 'code', errorMessage: 'Código: ya está en uso' }],
      message: es.serverMessages.somethingWrong,
    });
    const record = { result: { id: 1, message: 'Invalid login attempt.' } };
    expect(localizeBody(record, (text) => translateMessage(text, es))).toEqual(record);
  });
});

describe('every message the server and the contract write', () => {
  const found = serverMessageTexts();

  it('are found in the source (the scan still works)', () => {
    expect(found.length).toBeGreaterThan(150);
  });

  it('has a Spanish translation', () => {
    const untranslated = found
      .filter(({ text }) => !sameInSpanish.has(text) && translateMessage(text, es) === text)
      .map(({ text, where }) => `${where} ${text}`);
    expect(untranslated).toEqual([]);
  });

  it('comes back unchanged in English', () => {
    const changed = found.filter(({ text }) => translateMessage(text, en) !== text).map(({ text }) => text);
    expect(changed).toEqual([]);
  });
});
