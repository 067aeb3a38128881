import type { SaveWhiteboardRequest, WhiteboardBoard } from '@image-lab/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SaveOutcome } from './api';
import { boardOf, item } from './test-boards';
import { BoardSync, type SaveStatus } from './board-sync';

function setup(server: { board: WhiteboardBoard }) {
  const saves: SaveWhiteboardRequest[] = [];
  const shown: [WhiteboardBoard, string][] = [];
  const statuses: SaveStatus[] = [];
  const sync = new BoardSync({
    projectId: null,
    load: async () => server.board,
    save: async (body): Promise<SaveOutcome> => {
      saves.push(body);
      if (body.version !== server.board.version) return { kind: 'conflict', board: server.board };
      server.board = boardOf(server.board.version + 1, body.document.items);
      return { kind: 'saved', board: server.board };
    },
    onBoard: (board, reason) => shown.push([board, reason]),
    onStatus: (status) => statuses.push(status),
    onError: () => statuses.push('error'),
    view: () => ({ x: 1, y: 2, scale: 1 }),
    delayMs: 500,
  });
  return { sync, saves, shown, statuses };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('BoardSync', () => {
  it('loads, then saves once after the last of quick changes, with the version and the view', async () => {
    const server = { board: boardOf(3, [item('a')]) };
    const { sync, saves, shown, statuses } = setup(server);
    await sync.load();
    expect(shown.map(([b, r]) => [b.version, r])).toEqual([[3, 'load']]);
    sync.change(shown[0]![0].document.items);
    expect(sync.busy).toBe(false);
    sync.change([item('a', 10)]);
    sync.change([item('a', 20)]);
    await vi.advanceTimersByTimeAsync(499);
    expect(saves).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(saves).toHaveLength(1);
    expect(saves[0]).toMatchObject({
      version: 3,
      document: { items: [{ x: 20 }], view: { x: 1 } },
    });
    expect(sync.currentVersion).toBe(4);
    expect(statuses.at(-1)).toBe('saved');
  });

  it('takes the server’s board on a conflict', async () => {
    const server = { board: boardOf(1, []) };
    const { sync, shown } = setup(server);
    await sync.load();
    server.board = boardOf(5, [item('remote')]);
    sync.change([item('mine')]);
    await vi.runAllTimersAsync();
    expect(shown.at(-1)).toEqual([server.board, 'conflict']);
    expect(sync.currentVersion).toBe(5);
  });

  it('reloads when another device saved, but not for its own saves', async () => {
    const server = { board: boardOf(1, []) };
    const { sync, shown } = setup(server);
    await sync.load();
    sync.change([item('a')]);
    await vi.runAllTimersAsync();
    sync.remoteChanged(2);
    await vi.runAllTimersAsync();
    expect(shown).toHaveLength(1);
    server.board = boardOf(3, [item('b')]);
    sync.remoteChanged(3);
    await vi.runAllTimersAsync();
    expect(shown.at(-1)).toEqual([server.board, 'remote']);
  });

  it('saves nothing before the board is loaded, nor when read-only', async () => {
    const server = { board: boardOf(0, []) };
    const { sync, saves } = setup(server);
    sync.change([item('a')]);
    await vi.runAllTimersAsync();
    expect(saves).toEqual([]);
    const readOnly = new BoardSync({
      projectId: null,
      load: async () => server.board,
      save: async () => {
        throw new Error('must not save');
      },
      onBoard: () => undefined,
      onStatus: () => undefined,
      onError: () => undefined,
      view: () => undefined,
      readOnly: true,
    });
    await readOnly.load();
    readOnly.change([item('a')]);
    await expect(readOnly.flush()).resolves.toBeUndefined();
    expect(readOnly.busy).toBe(false);
  });

  it('reports a failed save and tries again with the next change', async () => {
    const server = { board: boardOf(0, []) };
    let fail = true;
    const statuses: SaveStatus[] = [];
    const sync = new BoardSync({
      projectId: null,
      load: async () => server.board,
      save: async (body) => {
        if (fail) throw new Error('offline');
        return { kind: 'saved', board: boardOf(body.version + 1, body.document.items) };
      },
      onBoard: () => undefined,
      onStatus: (s) => statuses.push(s),
      onError: () => undefined,
      view: () => undefined,
    });
    await sync.load();
    sync.change([item('a')]);
    await vi.runAllTimersAsync();
    expect(statuses.at(-1)).toBe('error');
    fail = false;
    sync.change([item('a', 5)]);
    await vi.runAllTimersAsync();
    expect(statuses.at(-1)).toBe('saved');
    expect(sync.currentVersion).toBe(1);
  });
});
