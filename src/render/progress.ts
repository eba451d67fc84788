// Progress while rendering: a bar redrawn in place on a terminal, plain lines otherwise (CI, pipes,
// tests), so logs stay readable.

export type ProgressEvent =
  | { readonly type: 'start'; readonly total: number; readonly browser: string | null }
  | { readonly type: 'done'; readonly file: string; readonly pages: number; readonly status: 'written' | 'unchanged'; readonly ms: number }
  | { readonly type: 'warning'; readonly message: string };

export interface Progress {
  (event: ProgressEvent): void;
  /** Clears the bar (terminal) before the summary is printed. */
  end(): void;
}

export function createProgress(write: (text: string) => void, tty: boolean, width = 28): Progress {
  let total = 0;
  let done = 0;
  let barShown = false;
  const clear = () => {
    if (barShown) write('\r\x1b[2K');
    barShown = false;
  };
  const progress = ((event: ProgressEvent) => {
    if (event.type === 'start') {
      total = event.total;
      if (tty) {
        write(`[${'-'.repeat(width)}] 0/${total}`);
        barShown = true;
        return;
      }
      write(`rendering ${total} output${total === 1 ? '' : 's'}${event.browser ? ` with ${event.browser}` : ''}\n`);
      return;
    }
    if (event.type === 'warning') {
      clear();
      write(`warning: ${event.message}\n`);
      return;
    }
    done++;
    if (tty) {
      const filled = total === 0 ? width : Math.round((done / total) * width);
      clear();
      write(`[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total} ${event.file}`);
      barShown = true;
    } else {
      const pages = event.pages ? ` (${event.pages} page${event.pages === 1 ? '' : 's'})` : '';
      write(`[${done}/${total}] ${event.status === 'unchanged' ? 'unchanged' : 'wrote'} ${event.file}${pages}${event.status === 'written' ? ` ${event.ms} ms` : ''}\n`);
    }
  }) as Progress;
  progress.end = clear;
  return progress;
}
