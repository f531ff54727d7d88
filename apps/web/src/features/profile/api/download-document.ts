import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';

/**
 * GET /api/documents/{id}/pdf with the session cookie, saved as `<number>.pdf`. Fetched rather than
 * linked so the button can show progress and a failure can be told in a toast, not a browser error page.
 */
export async function downloadDocument(id: number, number: string): Promise<void> {
  const response = await fetch(`/api/documents/${id}/pdf`, {
    credentials: 'include',
    headers: { Accept: 'application/pdf' },
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
  link.download = `${number}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the blob after the click returns; let it before freeing it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadDocument() {
  return useMutation({
    mutationFn: ({ id, number }: { id: number; number: string }) => downloadDocument(id, number),
  });
}
