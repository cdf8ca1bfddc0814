import { useEffect, useRef, useState } from 'react';
import type { PDFDocumentLoadingTask, PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
// Vite emits the worker as a hashed asset of this route only; pdf.js itself is imported on demand below.
import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';

/** A public PDF address, or the bytes of a members-only paper (never a blob: URL in-app browsers cannot open). */
export type PdfSource = { url: string } | { data: ArrayBuffer };

/** Pages start rendering this far before they scroll into view. */
const PRELOAD_MARGIN = '600px 0px';
/** Sharpness cap: phones report a device pixel ratio of 3, which would triple the canvas memory for little gain. */
const MAX_PIXEL_RATIO = 2;

type ReaderState =
  { status: 'loading' } | { status: 'ready'; doc: PDFDocumentProxy; ratio: number } | { status: 'error' };

async function fetchPdf(url: string): Promise<ArrayBuffer> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return res.arrayBuffer();
}

async function openDocument(source: PdfSource): Promise<PDFDocumentLoadingTask> {
  // The legacy build runs in older in-app browsers (WeChat, QQ) as well as current ones.
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  // The bytes are fetched whole (papers are a few MB): one plain request, no range requests to support.
  const data = 'url' in source ? await fetchPdf(source.url) : source.data;
  return pdfjs.getDocument({ data: new Uint8Array(data) });
}

/** One page: a placeholder of the page's proportions until it nears the viewport, then a canvas. */
function PdfPage({ doc, number, ratio }: { doc: PDFDocumentProxy; number: number; ratio: number }) {
  const holder = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [visible, setVisible] = useState(false);
  const [rendered, setRendered] = useState(false);

  useEffect(() => {
    const el = holder.current;
    if (!el || visible) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setVisible(true);
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [visible]);

  useEffect(() => {
    if (!visible) return;
    let cancel: (() => void) | undefined;
    let live = true;
    void doc.getPage(number).then((page) => {
      const el = canvas.current;
      const box = holder.current;
      if (!live || !el || !box) return;
      const pixelRatio = Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO);
      const scale = (box.clientWidth / page.getViewport({ scale: 1 }).width) * pixelRatio;
      const viewport = page.getViewport({ scale });
      el.width = Math.floor(viewport.width);
      el.height = Math.floor(viewport.height);
      const task = page.render({ canvas: el, viewport });
      cancel = () => task.cancel();
      task.promise.then(
        () => live && setRendered(true),
        () => {
          // cancelled on leave, or a broken page: the placeholder stays
        },
      );
    });
    return () => {
      live = false;
      cancel?.();
    };
  }, [doc, number, visible]);

  return (
    <div
      ref={holder}
      className={rendered ? 'pdf-reader__page is-rendered' : 'pdf-reader__page'}
      style={{ aspectRatio: String(ratio) }}
      data-page={number}
    >
      {visible ? <canvas ref={canvas} aria-label={`第 ${number} 页`} role="img" /> : null}
      <span className="pdf-reader__number">
        {number} / {doc.numPages}
      </span>
    </div>
  );
}

/**
 * The white paper reader: pdf.js draws each page into a canvas when it nears the viewport, so a long
 * paper costs only the pages read. Works where <object> PDFs do not (phones, in-app browsers).
 * Give it a key per paper: a new source starts from a fresh "loading" state.
 */
export function PdfReader({ source, title }: { source: PdfSource; title: string }) {
  const [state, setState] = useState<ReaderState>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    let task: PDFDocumentLoadingTask | undefined;
    openDocument(source)
      .then(async (loading) => {
        task = loading;
        if (!live) {
          void loading.destroy(); // left before pdf.js loaded: the cleanup below had nothing to stop
          return;
        }
        const opened = await loading.promise;
        const first = (await opened.getPage(1)).getViewport({ scale: 1 });
        if (live) setState({ status: 'ready', doc: opened, ratio: first.width / first.height });
      })
      .catch((err: unknown) => {
        console.error('[white paper] pdf.js could not open the file', err);
        if (live) setState({ status: 'error' });
      });
    return () => {
      live = false;
      // Stops the worker and frees every page of this document.
      void task?.destroy();
    };
  }, [source]);

  if (state.status === 'loading') {
    return (
      <p className="pdf__locked" role="status">
        正在加载白皮书…
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <p className="pdf__locked" role="alert">
        白皮书加载失败，请稍后刷新重试
      </p>
    );
  }
  const pages = Array.from({ length: state.doc.numPages }, (_, i) => i + 1);
  return (
    <div className="pdf-reader" aria-label={title} role="document">
      {pages.map((n) => (
        <PdfPage key={n} doc={state.doc} number={n} ratio={state.ratio} />
      ))}
    </div>
  );
}
