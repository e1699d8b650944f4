import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PNG } from 'pngjs';
import { lastFrameAsJpeg } from './thumbnail-output';
import { ffprobePath } from './video-file';

const ffmpegDir = path.dirname(ffprobePath());
const ffmpeg = (args: string[], input?: Buffer) =>
  execFileSync(path.join(ffmpegDir, 'ffmpeg'), args, { input, env: { ...process.env, LD_LIBRARY_PATH: ffmpegDir }, maxBuffer: 1 << 26 });

/** A 32×16 frame of one grey level, as PNG bytes. */
function greyFrame(level: number): Buffer {
  const png = new PNG({ width: 32, height: 16 });
  png.data.fill(level);
  for (let i = 3; i < png.data.length; i += 4) png.data[i] = 255;
  return PNG.sync.write(png);
}

describe('lastFrameAsJpeg', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'thumbnail-output-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('adds one JPEG output to the first encoder it is given, and leaves a later one (a mux of its video) alone', () => {
    const override = lastFrameAsJpeg('/tmp/t.jpg', 90, 30);
    const encoder = ['-r', '30', '-f', 'image2pipe', '-i', '-', '-c:v', 'libx264', '-y', 'out.mp4'];
    const added = override({ type: 'pre-stitcher', args: encoder });
    expect(added.slice(0, encoder.length)).toEqual(encoder);
    expect(added.slice(encoder.length)).toEqual(['-map', '0:v', '-ss', '2.975000', '-frames:v', '1', '-q:v', '3', '/tmp/t.jpg']);
    const mux = ['-i', 'pre.mp4', '-c:v', 'copy', '-y', 'final.mp4'];
    expect(override({ type: 'stitcher', args: mux })).toEqual(mux);
  });

  it('keeps exactly the last of the frames the real ffmpeg is fed, beside the video it encodes', () => {
    // Ten frames, grey levels 0, 25, …, 225: the thumbnail must be the last (225), not the ninth (200).
    const frames = Buffer.concat(Array.from({ length: 10 }, (_, i) => greyFrame(i * 25)));
    const thumbnail = path.join(dir, 'thumb.jpg');
    const args = lastFrameAsJpeg(
      thumbnail,
      10,
      30,
    )({
      type: 'stitcher',
      args: ['-v', 'error', '-r', '30', '-f', 'image2pipe', '-vcodec', 'png', '-i', '-', '-c:v', 'libx264', '-y', path.join(dir, 'v.mp4')],
    });
    ffmpeg(args, frames);
    expect(fs.statSync(path.join(dir, 'v.mp4')).size).toBeGreaterThan(0);
    const decoded = PNG.sync.read(ffmpeg(['-v', 'error', '-i', thumbnail, '-f', 'image2pipe', '-vcodec', 'png', '-']));
    expect(decoded.width).toBe(32);
    expect(Math.abs(decoded.data[0] - 225)).toBeLessThanOrEqual(3);
  });
});
