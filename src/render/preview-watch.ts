// Watching a folder tree for the preview, so that saves by rename are seen. Editors (vim, JetBrains
// "safe write"), `sed -i` and playmark's own `fmt` and `new` save by writing a temporary file and
// renaming it over the original: a watch on the file keeps watching the old, deleted one. So only
// folders are watched (a folder's watch reports every file made, changed, renamed or removed in it,
// whatever the file's inode), each one on its own, and folders made later are watched as they appear.
import { lstatSync, readdirSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';

export interface FolderWatch {
  close(): void;
}

/**
 * Calls `changed` with the path of each file or folder made, changed or removed under `root`.
 * A root that does not exist is not watched.
 */
export function watchFolders(root: string, changed: (file: string) => void): FolderWatch {
  const watchers = new Map<string, FSWatcher>();

  const unwatch = (dir: string): void => {
    for (const [d, w] of watchers) {
      if (d === dir || d.startsWith(dir + path.sep)) {
        w.close();
        watchers.delete(d);
      }
    }
  };

  const add = (dir: string): void => {
    if (watchers.has(dir)) return;
    let w: FSWatcher;
    try {
      w = watch(dir, (event, name) => {
        const file = name ? path.join(dir, name.toString()) : dir;
        if (event === 'rename' && file !== dir) settle(file);
        changed(file);
      });
    } catch {
      return; // gone already, or not readable: nothing to watch
    }
    w.on('error', () => unwatch(dir));
    watchers.set(dir, w);
    let entries: string[] = [];
    try {
      entries = readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isDirectory()) // symbolic links to folders are not followed
        .map((e) => e.name);
    } catch {
      // removed meanwhile: its watcher reports it
    }
    for (const name of entries) add(path.join(dir, name));
  };

  /** A name appeared or went away: watch it if it is a new folder, forget it if it is gone. */
  const settle = (file: string): void => {
    let isDir = false;
    try {
      isDir = lstatSync(file).isDirectory();
    } catch {
      unwatch(file); // removed meanwhile: stop watching it
      return;
    }
    // A folder made again under an old name is a new folder: its old watch watches nothing.
    if (isDir) {
      unwatch(file);
      add(file);
    }
  };

  add(root);
  return {
    close: () => {
      for (const w of watchers.values()) w.close();
      watchers.clear();
    },
  };
}
