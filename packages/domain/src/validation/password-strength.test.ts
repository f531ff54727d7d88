import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { isStrongPassword } from './password';
import { passwordUserWords, passwordWeakness } from './password-strength';

const mario = ['mario.rossi@example.com', 'Mario', 'Rossi', 'Rossi Dischi Srl'];

describe('password strength (issue 17)', () => {
  it.each([
    ['Qwerty123!', [], messages.passwordCommon],
    ['Password1!', [], messages.passwordCommon],
    ['Pa$$w0rd!', [], messages.passwordCommon],
    ['Welcome1!', [], messages.passwordCommon],
    ['Mario.Rossi1!', mario, messages.passwordPersonal],
    ['Rossi2024!', mario, messages.passwordPersonal],
    ['Dischi2024!', mario, messages.passwordPersonal],
    ['Poiuytrew1!', [], messages.passwordKeyboardPattern],
    ['Abcdef1!', [], messages.passwordGuessable],
    ['Ab1!Ab1!Ab1!', [], messages.passwordGuessable],
    ['Password1!'.repeat(20), [], messages.passwordGuessable],
  ])('refuses %j, which meets the composition rule', async (password, userInputs, message) => {
    expect(isStrongPassword(password)).toBe(true);
    expect(await passwordWeakness(password, userInputs)).toBe(message);
  });

  it.each([
    ['Lantern-Quiet-Orbit-42!', mario],
    ['Tr0ub4dor&3', []],
    ['correct horse battery staple', mario],
    ['Il giradischi della nonna suona ancora i vinili del 1962, ogni domenica sera!', mario],
    ['Kx9!vQ2#pL', []],
  ])('accepts %j', async (password, userInputs) => {
    expect(await passwordWeakness(password, userInputs)).toBeNull();
  });

  it('refuses a name that alone would pass once the account is known', async () => {
    const giorgia = ['giorgia.verdini@example.com', 'Giorgia', 'Verdini'];
    expect(await passwordWeakness('GiorgiaVerdini#7')).toBeNull();
    expect(await passwordWeakness('GiorgiaVerdini#7', giorgia)).toBe(messages.passwordPersonal);
    expect(await passwordWeakness('VerdiniGiorgia#7', giorgia)).toBe(messages.passwordPersonal);
    expect(await passwordWeakness('Verdini.Giorgia7!', giorgia)).toBe(messages.passwordPersonal);
  });

  it('splits the e-mail and the names into the words a password must not be built from', () => {
    const words = passwordUserWords(['Mario.Rossi@Example.com', ' Rossi Dischi Srl ', null, undefined, '']);
    expect(words).toEqual(
      expect.arrayContaining([
        'mario.rossi@example.com',
        'mario.rossi',
        'mariorossi',
        'mario',
        'rossi',
        'example',
        'rossimario',
        'rossi.mario',
        'mario_dischi',
        'rossi dischi srl',
        'rossidischisrl',
        'dischi',
        'srl',
      ]),
    );
    expect(words).not.toContain('');
    expect(words).not.toContain('examplecom');
    expect(passwordUserWords(['a.b@cd.it'])).toEqual(['a.b@cd.it', 'a.b', 'ab']);
  });
});
