import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isSignedBy } from '@shop/domain/erp-signature';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { configuredSdiChannel, createFolderChannel, SdiSimulator } from './sdi-channel';

/** Issue 21 point 4: the two SDI channels, and which one the configuration picks. */

describe('the folder channel', () => {
  it('creates the directory and leaves only the whole file under its SDI name', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'sdi-')), 'outbox', 'nested');
    const channel = createFolderChannel(dir);
    expect(await channel.send({ fileName: 'IT12345670157_00001.xml', xml: '<a>1</a>' })).toEqual({
      sdiId: null,
    });
    await channel.send({ fileName: 'IT12345670157_00002.xml', xml: '<a>2</a>' });
    // The same name again replaces the file: the collector never sees a half-written one.
    await channel.send({ fileName: 'IT12345670157_00001.xml', xml: '<a>3</a>' });
    expect(readdirSync(dir).sort()).toEqual(['IT12345670157_00001.xml', 'IT12345670157_00002.xml']);
    expect(readFileSync(path.join(dir, 'IT12345670157_00001.xml'), 'utf8')).toBe('<a>3</a>');
  });
});

describe('the simulator', () => {
  it('keeps what it received and signs the notification of a file with the token', async () => {
    const sdi = new SdiSimulator('token-1');
    const { sdiId } = await sdi.send({ fileName: 'IT12345670157_00003.xml', xml: '<x/>' });
    expect(sdi.received).toEqual([{ fileName: 'IT12345670157_00003.xml', xml: '<x/>', sdiId }]);
    const request = sdi.notification('IT12345670157_00003.xml', 'NS', {
      at: 1_700_000_000,
      id: 'n-1',
      errors: [{ code: '00200', description: 'File non conforme al formato' }],
    });
    expect(JSON.parse(request.payload)).toEqual({
      id: 'n-1',
      file_name: 'IT12345670157_00003.xml',
      type: 'NS',
      sdi_id: sdiId,
      errors: [{ code: '00200', description: 'File non conforme al formato' }],
    });
    expect(request.headers['x-sdi-timestamp']).toBe('1700000000');
    expect(isSignedBy('token-1', 1_700_000_000, request.payload, request.headers['x-sdi-signature']!)).toBe(
      true,
    );
  });
});

describe('SDI_CHANNEL', () => {
  it('drops files into DATA_DIR/sdi-outbox by default, and can be turned off or simulated', () => {
    const config = loadConfig({ DATA_DIR: '/srv/shop' });
    expect(config.sdi).toEqual({ channel: 'folder', dropDir: '/srv/shop/sdi-outbox', token: undefined });
    expect(loadConfig({ SDI_DROP_DIR: '/mnt/intermediary/in', SDI_TOKEN: 't' }).sdi).toMatchObject({
      dropDir: '/mnt/intermediary/in',
      token: 't',
    });
    expect(configuredSdiChannel(loadConfig({ SDI_CHANNEL: 'off' }))).toBeNull();
    const simulated = loadConfig({ SDI_CHANNEL: 'simulator' });
    expect(configuredSdiChannel(simulated)).toBeInstanceOf(SdiSimulator);
    expect(configuredSdiChannel(simulated)).toBe(configuredSdiChannel(simulated));
    expect(() => loadConfig({ SDI_CHANNEL: 'ftp' })).toThrow('SDI_CHANNEL');
  });
});
