import { ApiError, readXsrfToken } from '../../../../lib/api-client';

/**
 * POST multipart form data with upload progress (fetch cannot report it), with the XSRF header the
 * server asks of cookie sessions. Rejects with an ApiError carrying the server's message.
 */
export async function uploadWithProgress<T>(
  url: string,
  data: FormData,
  onProgress: (fraction: number) => void,
): Promise<T> {
  if (readXsrfToken() === undefined) await fetch('/sanctum/csrf-cookie', { credentials: 'include' });
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readXsrfToken();
    if (token) xhr.setRequestHeader('X-XSRF-TOKEN', token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'Error contacting the server. Try to login again.'));
    xhr.onload = () => {
      let body: { message?: string; errors?: Record<string, string[]> } | undefined;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status < 300) {
        onProgress(1);
        resolve(body as T);
      } else {
        reject(new ApiError(xhr.status, body?.message ?? `HTTP ${xhr.status}`, body?.errors ?? {}));
      }
    };
    xhr.send(data);
  });
}
