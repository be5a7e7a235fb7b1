/**
 * Scenario 10: what media processing costs (issue 27, ADR 0086). One call at a time, each with new
 * bytes (so that nothing derived before is found again):
 * - sendPhoto of a 1600x1200 PNG of noise (decoded, encoded into four JPEG sizes, stored) against
 *   sendDocument of the same bytes under a name that is no image (stored only);
 * - sendVideo of a 3 s 320x240 MP4 (probed, first frame decoded by ffmpeg when there is one, the
 *   thumbnail stored) against sendDocument of the same bytes under a name that is no video.
 * The baseline is measured in the same run, alternating with the measured call, through the same
 * client and multipart encoding: the ratio is the cost of processing the media, per call.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import type { BenchContext, Row, Scenario, ScenarioResult } from '../lib/context.js';
import { botWithChat, newDataDir, startParley, type BotChat, type ParleyServer } from '../lib/parley.js';
import { ROOT } from '../lib/processes.js';
import { Samples } from '../lib/stats.js';
import { locateFfmpeg } from '../../src/platform/files/ffmpeg.js';

const CLIP = readFileSync(path.join(ROOT, 'test', 'fixtures', 'media', 'clip-320x240-3s.mp4'));

/** One multipart call; throws unless the answer is ok. Answers the milliseconds it took. */
async function timedUpload(
  server: ParleyServer,
  chat: BotChat,
  method: string,
  field: string,
  bytes: Buffer,
  fileName: string,
): Promise<number> {
  const form = new FormData();
  form.set('chat_id', String(chat.userId));
  form.set(field, new Blob([new Uint8Array(bytes)]), fileName);
  const started = performance.now();
  const response = await fetch(`${server.origin}/bot${chat.token}/${method}`, { method: 'POST', body: form });
  const text = await response.text();
  const took = performance.now() - started;
  if (!text.startsWith('{"ok":true')) throw new Error(`${method} failed: ${response.status} ${text}`);
  return took;
}

/** A new 1600x1200 PNG of noise: every call's bytes differ, as every real photo's do. */
function noisePhoto(): Promise<Buffer> {
  return sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** The clip with a `free` box appended that holds `i`: the same movie, new bytes. */
function uniqueClip(i: number): Buffer {
  const free = Buffer.alloc(16);
  free.writeUInt32BE(16, 0);
  free.write('free', 4, 'latin1');
  free.writeDoubleBE(i + Math.random(), 8);
  return Buffer.concat([CLIP, free]);
}

interface Pair {
  measured: Samples;
  baseline: Samples;
}

/** `samples` alternating pairs of (processing call, storing call) on the same bytes. */
async function measurePair(
  samples: number,
  bytes: (i: number) => Promise<Buffer> | Buffer,
  measured: (data: Buffer) => Promise<number>,
  baseline: (data: Buffer) => Promise<number>,
): Promise<Pair> {
  const pair: Pair = { measured: new Samples(), baseline: new Samples() };
  for (let i = 0; i < samples; i += 1) {
    const data = await bytes(i);
    // Alternate which goes first, so that neither always meets a warmer cache.
    if (i % 2 === 0) {
      pair.measured.add(await measured(data));
      pair.baseline.add(await baseline(data));
    } else {
      pair.baseline.add(await baseline(data));
      pair.measured.add(await measured(data));
    }
  }
  return pair;
}

function row(what: string, measuredTarget: string, baselineTarget: string, pair: Pair): Row {
  const m = pair.measured.summary();
  const b = pair.baseline.summary();
  return {
    what,
    measured: { target: measuredTarget, p50: m.p50, p99: m.p99, requests: m.samples },
    baseline: { target: baselineTarget, p50: b.p50, p99: b.p99, requests: b.samples },
    ratio: m.p50 / b.p50,
    ratioOf: 'p50 latency per call (lower is better)',
  };
}

export const mediaScenario: Scenario = {
  id: 10,
  title: 'Media processing: sendPhoto and sendVideo per call vs sendDocument of the same bytes',
  async run(ctx: BenchContext): Promise<ScenarioResult> {
    const server = await startParley(ctx, { dataDir: newDataDir(ctx, 'media') });
    try {
      const chat = await botWithChat(server, 'media_bench');
      const samples = ctx.quick ? 8 : 40;
      const warmup = ctx.quick ? 2 : 5;
      const asDocument = (name: string) => (data: Buffer) =>
        timedUpload(server, chat, 'sendDocument', 'document', data, name);
      const photo = (data: Buffer) => timedUpload(server, chat, 'sendPhoto', 'photo', data, 'photo.png');
      const video = (data: Buffer) => timedUpload(server, chat, 'sendVideo', 'video', data, 'clip.mp4');

      await measurePair(warmup, noisePhoto, photo, asDocument('photo.bin'));
      const photos = await measurePair(samples, noisePhoto, photo, asDocument('photo.bin'));
      await measurePair(warmup, uniqueClip, video, asDocument('clip.bin'));
      const videos = await measurePair(samples, (i) => uniqueClip(i + warmup), video, asDocument('clip.bin'));

      const ffmpeg = await locateFfmpeg();
      const photoRow = row(
        'sendPhoto, 1600x1200 PNG of noise, one at a time',
        'sendPhoto',
        'sendDocument',
        photos,
      );
      const videoRow = row('sendVideo, 3 s 320x240 MP4, one at a time', 'sendVideo', 'sendDocument', videos);
      const ms = (pair: Pair) => pair.measured.summary().p50 - pair.baseline.summary().p50;
      return {
        id: 10,
        title: this.title,
        status: 'ok',
        rows: [photoRow, videoRow],
        notes: [
          `Processing per photo (p50 difference): ${ms(photos).toFixed(1)} ms; per video: ${ms(videos).toFixed(1)} ms.`,
          ffmpeg
            ? `First frames decoded by ${ffmpeg}.`
            : 'No ffmpeg on this machine: videos are probed but get no first-frame thumbnail.',
          `${samples} pairs each after ${warmup} pairs of warm-up; new bytes at every call (nothing found again).`,
        ],
        metrics: {
          'media.photo.p50': photos.measured.summary().p50,
          'media.photo.baseline.p50': photos.baseline.summary().p50,
          'media.video.p50': videos.measured.summary().p50,
          'media.video.baseline.p50': videos.baseline.summary().p50,
        },
      };
    } finally {
      await server.stop();
    }
  },
};
