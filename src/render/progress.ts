// Progress: a bar redrawn in place on a terminal (createBar, for any count of things: outputs
// rendered, games simulated), and for rendering plain lines otherwise (CI, pipes, tests), so logs
// stay readable.

export type ProgressEvent =
  | { readonly type: 'start'; readonly total: number; readonly browser: string | null }
  | { readonly type: 'done'; readonly file: string; readonly pages: number; readonly status: 'written' | 'unchanged'; readonly ms: number }
  | { readonly type: 'warning'; readonly message: string };

export interface Progress {
  (event: ProgressEvent): void;
  /** Clears the bar (terminal) before the summary is printed. */
  end(): void;
}

/** A bar on a terminal: `[####----] done/total note`, redrawn in place; `end` clears it. */
export interface Bar {
  draw(done: number, total: number, note?: string): void;
  /** Clears the bar (before a summary or a message is printed). */
  end(): void;
}

/**
 * A bar written with `write` (stderr), redrawn in place. `minInterval` (ms) skips redraws closer
 * together than that, except the last (done = total), for counts that move thousands of times.
 */
export function createBar(write: (text: string) => void, width = 28, minInterval = 0): Bar {
  let shown = false;
  let last = -Infinity;
  const end = () => {
    if (shown) write('\r\x1b[2K');
    shown = false;
  };
  return {
    draw(done, total, note) {
      const now = minInterval > 0 ? Date.now() : 0;
      if (minInterval > 0 && shown && done < total && now - last < minInterval) return;
      last = now;
      const filled = total === 0 ? width : Math.min(width, Math.round((done / total) * width));
      end();
      write(`[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total}${note ? ` ${note}` : ''}`);
      shown = true;
    },
    end,
  };
}

export function createProgress(write: (text: string) => void, tty: boolean, width = 28): Progress {
  let total = 0;
  let done = 0;
  const bar = createBar(write, width);
  const clear = () => bar.end();
  const progress = ((event: ProgressEvent) => {
    if (event.type === 'start') {
      total = event.total;
      if (tty) {
        bar.draw(0, total);
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
      bar.draw(done, total, event.file);
    } else {
      const pages = event.pages ? ` (${event.pages} page${event.pages === 1 ? '' : 's'})` : '';
      write(
        `[${done}/${total}] ${event.status === 'unchanged' ? 'unchanged' : 'wrote'} ${event.file}${pages}${event.status === 'written' ? ` ${event.ms} ms` : ''}\n`,
      );
    }
  }) as Progress;
  progress.end = clear;
  return progress;
}
