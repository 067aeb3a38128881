import {
  mergeBoardItems,
  type SaveWhiteboardRequest,
  type WhiteboardBoard,
} from '@image-lab/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SaveOutcome } from './api';
import { BoardStore } from './board-store';
import { boardOf, item } from './test-boards';
import { BoardSync } from './board-sync';

/** The server's rule (PUT /api/whiteboard with baseItems), over one stored board. */
function mergingServer(start: WhiteboardBoard) {
  const server = { board: start };
  const save = async (body: SaveWhiteboardRequest): Promise<SaveOutcome> => {
    let items = body.document.items;
    if (body.version !== server.board.version) {
      const merged = mergeBoardItems(body.baseItems!, server.board.document.items, items);
      if (merged.conflicts.length > 0) {
        return { kind: 'conflict', board: server.board, conflicts: merged.conflicts };
      }
      items = merged.items;
    }
    server.board = boardOf(server.board.version + 1, items);
    return { kind: 'saved', board: server.board };
  };
  return { server, save };
}

/** A tab: its store (with undo) kept in step with the server by its BoardSync. */
function tab(
  server: { board: WhiteboardBoard },
  save: (b: SaveWhiteboardRequest) => Promise<SaveOutcome>,
) {
  const store = new BoardStore();
  const toasts: string[][] = [];
  const sync = new BoardSync({
    projectId: null,
    load: async () => server.board,
    save,
    onBoard: (board, reason, conflicts) => {
      if (reason === 'merged') store.merge(board.document.items);
      else if (conflicts) store.takeTheirs(board.document.items);
      else store.replace(board.document.items);
      if (conflicts) toasts.push(conflicts);
    },
    onStatus: () => {},
    onError: () => {},
    view: () => undefined,
    delayMs: 100,
  });
  store.subscribe(() => sync.change(store.state.items));
  /** Moves one image as a person would: one step of the history. */
  const move = (id: string, x: number) =>
    store.runAll([
      {
        perform: (state) => ({
          state: { ...state, items: state.items.map((i) => (i.id === id ? { ...i, x } : i)) },
          commit: true,
        }),
      },
    ]);
  return { store, sync, toasts, move, xs: () => store.state.items.map((i) => [i.id, i.x]) };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('two tabs editing one board', () => {
  it('keeps both moves of different images, and each tab keeps its undo', async () => {
    const { server, save } = mergingServer(boardOf(1, [item('a'), item('b')]));
    const one = tab(server, save);
    const two = tab(server, save);
    await Promise.all([one.sync.load(), two.sync.load()]);
    one.move('a', 50);
    two.move('b', 70);
    await vi.runAllTimersAsync();
    expect(server.board.document.items.map((i) => [i.id, i.x])).toEqual([
      ['a', 50],
      ['b', 70],
    ]);
    expect(two.xs()).toEqual([
      ['a', 50],
      ['b', 70],
    ]);
    expect(two.toasts).toEqual([]);
    two.store.undo();
    expect(two.xs()).toEqual([
      ['a', 0],
      ['b', 0],
    ]);
  });

  it('asks the later tab when both moved the same image; Undo brings its move back', async () => {
    const { server, save } = mergingServer(boardOf(1, [item('a'), item('b')]));
    const one = tab(server, save);
    const two = tab(server, save);
    await Promise.all([one.sync.load(), two.sync.load()]);
    one.move('a', 50);
    await vi.runAllTimersAsync();
    two.move('a', 90);
    two.move('b', 30);
    await vi.runAllTimersAsync();
    expect(two.toasts).toEqual([['a']]);
    // Their move of a is shown; this tab's move of b was kept and saved.
    expect(two.xs()).toEqual([
      ['a', 50],
      ['b', 30],
    ]);
    expect(server.board.document.items.map((i) => [i.id, i.x])).toEqual([
      ['a', 50],
      ['b', 30],
    ]);
    two.store.undo();
    await vi.runAllTimersAsync();
    expect(server.board.document.items.map((i) => [i.id, i.x])).toEqual([
      ['a', 90],
      ['b', 30],
    ]);
  });
});
