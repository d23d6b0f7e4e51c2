import { Alert, Box, Loader } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

/** The viewer's texts (AA §8). */
export const VIEWER_TEXT = {
  passwordProtected:
    "This pdf file has password protected, can't be viewed from browser. Please download it to check the content",
  unsupported: "This file can't be viewed from browser. Please download it to check the content",
} as const;

type State =
  | { kind: 'loading' }
  | { kind: 'pdf' }
  | { kind: 'png'; url: string }
  | { kind: 'message'; text: string };

async function renderPdf(bytes: ArrayBuffer, container: HTMLDivElement) {
  const pdfjs = await import('pdfjs-dist');
  const worker = await import('pdfjs-dist/build/pdf.worker.min.mjs?url');
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  container.replaceChildren();
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const viewport = page.getViewport({ scale: 1.3 });
    const canvas = document.createElement('canvas');
    canvas.width = viewport.width;
    canvas.height = viewport.height;
    canvas.style.width = '100%';
    canvas.setAttribute('aria-label', `Page ${n}`);
    container.append(canvas);
    await page.render({ canvas, viewport }).promise;
  }
}

/**
 * The shared viewer: a PDF's pages drawn by pdf.js, a PNG as an image, and the spec's texts for a
 * password-protected PDF or any other kind of file. `url` answers the file's bytes.
 */
export function FileViewer({
  url,
  contentType,
  height = 640,
}: {
  url: string;
  contentType: string;
  height?: number;
}) {
  const pages = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    let cancelled = false;
    let objectUrl: string | undefined;
    setState({ kind: 'loading' });
    (async () => {
      if (contentType !== 'application/pdf' && contentType !== 'image/png') {
        setState({ kind: 'message', text: VIEWER_TEXT.unsupported });
        return;
      }
      const res = await fetch(url, { credentials: 'same-origin' });
      if (!res.ok) throw new Error('download failed');
      const blob = await res.blob();
      if (cancelled) return;
      if (contentType === 'image/png') {
        objectUrl = URL.createObjectURL(new Blob([blob], { type: 'image/png' }));
        setState({ kind: 'png', url: objectUrl });
        return;
      }
      setState({ kind: 'pdf' });
      const container = pages.current;
      if (container) await renderPdf(await blob.arrayBuffer(), container);
    })().catch((err: Error) => {
      if (cancelled) return;
      setState({
        kind: 'message',
        text: err.name === 'PasswordException' ? VIEWER_TEXT.passwordProtected : VIEWER_TEXT.unsupported,
      });
    });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, contentType]);

  return (
    <Box
      style={{ height, overflow: 'auto', border: '1px solid var(--mantine-color-gray-3)' }}
      data-testid="file-viewer"
    >
      {state.kind === 'loading' && <Loader size="sm" m="md" />}
      {state.kind === 'message' && (
        <Alert color="yellow" m="md">
          {state.text}
        </Alert>
      )}
      {state.kind === 'png' && <img src={state.url} alt="Referral letter" style={{ width: '100%' }} />}
      <div ref={pages} hidden={state.kind !== 'pdf'} />
    </Box>
  );
}
