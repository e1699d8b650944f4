import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processScratchDir, removeScratchOfDeadProcesses } from './process-scratch';

describe('process scratch folders', () => {
  it("removes the folders of this host's dead processes of the kind, and nothing else", () => {
    const root = mkdtempSync(join(tmpdir(), 'scratch-'));
    const dead = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid!; // ran and exited
    const folders = {
      deadOwn: processScratchDir(root, 'worker', dead, 'host-a'),
      liveOwn: processScratchDir(root, 'worker', process.ppid, 'host-a'),
      self: processScratchDir(root, 'worker', process.pid, 'host-a'),
      otherHost: processScratchDir(root, 'worker', dead, 'host-b'),
      otherKind: processScratchDir(root, 'preview-stills', dead, 'host-a'),
    };
    for (const dir of Object.values(folders)) {
      mkdirSync(join(dir, 'jobs'), { recursive: true });
      writeFileSync(join(dir, 'jobs', 'video.mp4'), 'partial');
    }
    expect(removeScratchOfDeadProcesses(root, 'worker', 'host-a')).toEqual([`worker-host-a-${dead}`]);
    expect(Object.fromEntries(Object.entries(folders).map(([k, dir]) => [k, existsSync(dir)]))).toEqual({
      deadOwn: false,
      liveOwn: true,
      self: true,
      otherHost: true,
      otherKind: true,
    });
  });

  it('does nothing when the temp folder does not exist yet', () => {
    expect(removeScratchOfDeadProcesses(join(tmpdir(), 'no-such-folder-here'), 'worker')).toEqual([]);
  });
});
