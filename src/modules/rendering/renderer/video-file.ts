/** Reading back a rendered MP4: its real figures (ffprobe) and whether it is fast-start. */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The ffprobe that ships inside Remotion's compositor package (no system ffmpeg needed). */
export function ffprobePath(): string {
  const pkg = require.resolve('@remotion/compositor-linux-x64-gnu/package.json');
  return path.join(path.dirname(pkg), 'ffprobe');
}

/** The ffmpeg beside it, in the same package. */
export function ffmpegPath(): string {
  return path.join(path.dirname(ffprobePath()), 'ffmpeg');
}

/**
 * Copies the H.264 stream of an MP4 into an MPEG-TS file, without re-encoding: the stream's parameter sets move from
 * the MP4's header into the stream before each keyframe (`h264_mp4toannexb`), so that TS files concatenate byte for
 * byte (joinChunks). How an in-page chunk becomes what a chunk must be.
 */
export async function remuxToMpegTs(mp4: string, ts: string): Promise<void> {
  const binary = ffmpegPath();
  await run(binary, ['-v', 'error', '-i', mp4, '-map', '0:v:0', '-c', 'copy', '-bsf:v', 'h264_mp4toannexb', '-f', 'mpegts', '-y', ts], {
    env: { ...process.env, LD_LIBRARY_PATH: path.dirname(binary) },
  });
}

export interface ProbedVideo {
  codec: string;
  pixelFormat: string;
  width: number;
  height: number;
  durationSeconds: number;
  frames: number;
  sizeBytes: number;
}

export async function probeVideo(file: string): Promise<ProbedVideo> {
  const binary = ffprobePath();
  const { stdout } = await run(
    binary,
    [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-count_packets',
      '-show_entries',
      'stream=codec_name,pix_fmt,width,height,nb_read_packets:format=duration,size',
      '-of',
      'json',
      file,
    ],
    // The bundled ffprobe links against the shared libraries beside it.
    { env: { ...process.env, LD_LIBRARY_PATH: path.dirname(binary) } },
  );
  const parsed = JSON.parse(stdout) as {
    streams: Array<{ codec_name: string; pix_fmt: string; width: number; height: number; nb_read_packets?: string }>;
    format: { duration: string; size: string };
  };
  const stream = parsed.streams[0];
  if (!stream) throw new Error('no video stream');
  return {
    codec: stream.codec_name,
    pixelFormat: stream.pix_fmt,
    width: stream.width,
    height: stream.height,
    durationSeconds: Number(parsed.format.duration),
    frames: Number(stream.nb_read_packets ?? 0),
    sizeBytes: Number(parsed.format.size),
  };
}

/** Top-level MP4 box types in file order (reads only the box headers). */
export function topLevelBoxes(file: string): string[] {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const header = Buffer.alloc(16);
    const boxes: string[] = [];
    let offset = 0;
    while (offset + 8 <= size && boxes.length < 64) {
      fs.readSync(fd, header, 0, 16, offset);
      let boxSize = header.readUInt32BE(0);
      const type = header.toString('latin1', 4, 8);
      if (boxSize === 1) boxSize = Number(header.readBigUInt64BE(8));
      else if (boxSize === 0) boxSize = size - offset;
      if (boxSize < 8) break;
      boxes.push(type);
      offset += boxSize;
    }
    return boxes;
  } finally {
    fs.closeSync(fd);
  }
}

/** Fast-start: the index (moov) comes before the media data (mdat), so playback starts at once. */
export function isFastStart(file: string): boolean {
  const boxes = topLevelBoxes(file);
  const moov = boxes.indexOf('moov');
  const mdat = boxes.indexOf('mdat');
  return moov >= 0 && mdat >= 0 && moov < mdat;
}
