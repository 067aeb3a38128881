import {
  mergeBoardItems,
  WHITEBOARD_SCHEMA_VERSION,
  type SaveWhiteboardRequest,
  type WhiteboardBoard,
  type WhiteboardItem,
  type WhiteboardView,
} from '@image-lab/contract';
import type { SaveOutcome } from './api';

export type SaveStatus = 'loading' | 'saved' | 'saving' | 'error';
/** Why the server's board replaces the one on screen; 'merged' keeps the history. */
export type BoardReason = 'load' | 'remote' | 'conflict' | 'merged';
type Items = readonly WhiteboardItem[];

export interface BoardSyncOptions {
  projectId: string | null;
  load(): Promise<WhiteboardBoard>;
  save(body: SaveWhiteboardRequest): Promise<SaveOutcome>;
  /**
   * The server's board replaces what is on screen: on load, from another device, merged with
   * another device's save, or on 409 (`conflicts`: the images both changed; theirs are shown;
   * `changedBy`: whose they are, when another person sharing the account made them).
   */
  onBoard(
    board: WhiteboardBoard,
    reason: BoardReason,
    conflicts?: string[],
    changedBy?: string,
  ): void;
  onStatus(status: SaveStatus): void;
  onError(error: unknown, during: 'load' | 'save'): void;
  view(): WhiteboardView | undefined;
  /** Quiet time after the last change before saving. */
  delayMs?: number;
  readOnly?: boolean;
}

/**
 * Keeps one board in step with the server: loads it, saves changes a moment after the last one
 * with the version it was loaded at (one save in flight at a time), takes the server's board on
 * a 409, and reloads when another device saved. Plain TypeScript, so it is tested without React.
 */
export class BoardSync {
  private version = 0;
  private saved: Items | null = null;
  private latest: Items | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight: Promise<void> | null = null;
  private disposed = false;

  constructor(private readonly options: BoardSyncOptions) {}

  get loaded() {
    return this.saved !== null;
  }

  get currentVersion() {
    return this.version;
  }

  /** Whether changes are waiting or being sent. */
  get busy() {
    return this.timer !== null || this.inFlight !== null;
  }

  async load(reason: 'load' | 'remote' = 'load') {
    if (reason === 'load') this.options.onStatus('loading');
    try {
      const board = await this.options.load();
      if (this.disposed) return;
      // A save that finished meanwhile may already be newer than what was read.
      if (this.saved !== null && board.version <= this.version) return;
      this.adopt(board, reason);
    } catch (error) {
      if (!this.disposed) this.options.onError(error, 'load');
    }
  }

  /** The board on screen changed; it is saved after a quiet moment. */
  change(items: Items) {
    if (items === this.latest && this.saved !== null) return;
    this.latest = items;
    if (this.saved === null || items === this.saved || this.options.readOnly || this.disposed) {
      return;
    }
    this.schedule();
  }

  private schedule() {
    this.options.onStatus('saving');
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.options.delayMs ?? 600);
  }

  /** Another device saved `version`: reload unless it is ours or our own save will meet it. */
  remoteChanged(version: number) {
    if (this.disposed || version <= this.version || this.busy) return;
    void this.load('remote');
  }

  /** Sends what is waiting now (also when leaving the screen). */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.inFlight) {
      await this.inFlight;
      return this.flush();
    }
    const items = this.latest;
    if (!items || items === this.saved || this.saved === null || this.options.readOnly) return;
    this.inFlight = this.send(items);
    try {
      await this.inFlight;
    } finally {
      this.inFlight = null;
    }
    if (!this.timer && this.latest !== this.saved && this.latest !== items) await this.flush();
  }

  dispose() {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async send(items: Items) {
    const view = this.options.view();
    const base = this.saved ?? [];
    const body: SaveWhiteboardRequest = {
      projectId: this.options.projectId,
      version: this.version,
      document: {
        schemaVersion: WHITEBOARD_SCHEMA_VERSION,
        items: [...items],
        ...(view ? { view } : {}),
      },
      // With what this save started from, the server merges it with another device's save.
      baseItems: [...base],
    };
    try {
      const outcome = await this.options.save(body);
      if (outcome.kind === 'conflict') {
        if (outcome.conflicts) this.takeTheirs(outcome, base, outcome.conflicts);
        else this.adopt(outcome.board, 'conflict');
        return;
      }
      this.version = outcome.board.version;
      const stored = outcome.board.document.items;
      if (JSON.stringify(stored) !== JSON.stringify(items)) {
        this.showMerged(outcome.board, items);
        return;
      }
      this.saved = items;
      if (!this.disposed) this.options.onStatus(this.latest === items ? 'saved' : 'saving');
    } catch (error) {
      if (this.disposed) return;
      this.options.onStatus('error');
      this.options.onError(error, 'save');
    }
  }

  /** The server merged our save with another device's: show that, keep any newer change. */
  private showMerged(board: WhiteboardBoard, sent: Items) {
    const stored = board.document.items;
    this.saved = stored;
    const changedSince = this.latest !== null && this.latest !== sent;
    const shown = changedSince ? mergeBoardItems(sent, stored, this.latest!, 'mine').items : stored;
    this.latest = shown;
    if (this.disposed) return;
    this.options.onBoard({ ...board, document: { ...board.document, items: shown } }, 'merged');
    if (changedSince) this.schedule();
    else this.options.onStatus('saved');
  }

  /** Both changed the same image: theirs is shown, our other changes are kept and saved. */
  private takeTheirs(
    { board, changedBy }: { board: WhiteboardBoard; changedBy?: string },
    base: Items,
    conflicts: string[],
  ) {
    const stored = board.document.items;
    const resolved = mergeBoardItems(base, stored, this.latest ?? [], 'theirs').items;
    this.version = board.version;
    this.saved = stored;
    this.latest = resolved;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.disposed) return;
    this.options.onBoard(
      { ...board, document: { ...board.document, items: resolved } },
      'conflict',
      conflicts,
      changedBy,
    );
    if (JSON.stringify(resolved) !== JSON.stringify(stored)) this.schedule();
    else this.options.onStatus('saved');
  }

  private adopt(board: WhiteboardBoard, reason: 'load' | 'remote' | 'conflict') {
    this.version = board.version;
    this.saved = board.document.items;
    this.latest = board.document.items;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.disposed) return;
    this.options.onBoard(board, reason);
    this.options.onStatus('saved');
  }
}
