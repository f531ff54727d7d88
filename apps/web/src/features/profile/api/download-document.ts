import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';

export type DocumentFormat = 'pdf' | 'xml';

/** The file name the server gave (an e-invoice's SDI name), else `fallback`. */
function attachmentName(response: Response, fallback: string): string {
  return /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
}

/**
 * GET /api/documents/{id}/pdf (or /xml, an invoice's or credit note's FatturaPA file: issue 21) with the
 * session cookie, saved under the server's file name (`<number>.pdf`, the XML's SDI name). Fetched rather
 * than linked so the button can show progress and a failure can be told in a toast, not a browser error page.
 */
export async function downloadDocument(
  id: number,
  number: string,
  format: DocumentFormat = 'pdf',
): Promise<void> {
  const response = await fetch(`/api/documents/${id}/${format}`, {
    credentials: 'include',
    headers: { Accept: format === 'pdf' ? 'application/pdf' : 'application/xml' },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: unknown };
    throw new ApiError(
      response.status,
      typeof body.message === 'string' ? body.message : `HTTP ${response.status}`,
    );
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = attachmentName(response, `${number}.${format}`);
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the blob after the click returns; let it before freeing it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadDocument() {
  return useMutation({
    mutationFn: ({ id, number, format }: { id: number; number: string; format?: DocumentFormat }) =>
      downloadDocument(id, number, format),
  });
}
