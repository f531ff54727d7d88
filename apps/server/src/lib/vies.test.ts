import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeVies } from '../test/fake-vies';
import { askVies } from './vies';

let vies: Awaited<ReturnType<typeof startFakeVies>>;
beforeAll(async () => {
  vies = await startFakeVies({
    'IT/00743110157': { isValid: true, userError: 'VALID' },
    'FR/40123456824': { isValid: false, userError: 'INVALID' },
    'DE/136695976': { isValid: false, userError: 'MS_UNAVAILABLE' },
    'ES/B12345674': { status: 500 },
    'AT/U13585627': 'hang',
  });
});
afterAll(() => vies.close());

describe('askVies', () => {
  it('reports a registered number as valid and an unregistered one as invalid', async () => {
    expect(await askVies(vies.url, 'IT', '00743110157')).toBe('valid');
    expect(await askVies(vies.url, 'FR', '40123456824')).toBe('invalid');
    expect(vies.asked).toEqual(['IT/00743110157', 'FR/40123456824']);
  });

  it('is unavailable when a member state is down, VIES fails or is slow', async () => {
    expect(await askVies(vies.url, 'DE', '136695976')).toBe('unavailable');
    expect(await askVies(vies.url, 'ES', 'B12345674')).toBe('unavailable');
    const started = Date.now();
    expect(await askVies(vies.url, 'AT', 'U13585627', 200)).toBe('unavailable');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('is unavailable when unreachable or turned off, without asking', async () => {
    expect(await askVies('http://127.0.0.1:1', 'IT', '00743110157')).toBe('unavailable');
    expect(await askVies('', 'IT', '00743110157')).toBe('unavailable');
  });
});
