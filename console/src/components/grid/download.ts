// Saving a file the server sent (exports, import templates) the way a browser download does.
import { requestFile, type ApiResult } from '../../api/client';

export function saveBlob(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the URL only after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads a file; answers the server's envelope instead when it refused (nothing is saved then). */
export async function downloadFile(
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  fallbackName: string,
): Promise<ApiResult | null> {
  const result = await requestFile(method, path, body, fallbackName);
  if (result.file) {
    saveBlob(result.file, result.fileName);
    return null;
  }
  return result.envelope;
}
