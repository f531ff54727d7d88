import type { TestApp, TestClient } from './app';

export type UploadFile = { name: string; content: Buffer; type?: string; field?: string };

/** A multipart/form-data upload as a browser sends it, with the client's session and XSRF token. */
export function uploadFiles(t: TestApp, client: TestClient, url: string, files: UploadFile[]) {
  const boundary = '----shopupload5c1f';
  const parts = files.flatMap((f) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    f.content,
    Buffer.from('\r\n'),
  ]);
  const xsrf = client.cookies.get('XSRF-TOKEN');
  return t.app.inject({
    method: 'POST',
    url,
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      ...(xsrf ? { 'x-xsrf-token': xsrf } : {}),
    },
  });
}
