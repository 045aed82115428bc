import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, type Page, chromium } from '@playwright/test';
import bwipjs from 'bwip-js/node';
import { PNG } from 'pngjs';
import { findChromium } from '../../chromium';
import config from '../../playwright.config';
import { PHONE } from './screenshots';
import { type TestUser, signInViaUi } from './users';

/** The fake camera's picture: VGA, as a webcam's smallest common mode. */
const WIDTH = 640;
const HEIGHT = 480;
/** Frames a second of the video (Chromium plays it in a loop). */
const FPS = 10;

/** An EAN-13's check digit for its first 12 digits. */
export function ean13(first12: string): string {
  const sum = [...first12].reduce((total, digit, index) => total + Number(digit) * (index % 2 ? 3 : 1), 0);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

/** The code drawn by bwip-js (the API's own label renderer) as black on white pixels: true where black. */
async function drawCode(
  kind: 'ean13' | 'qrcode',
  text: string,
  scale = kind === 'qrcode' ? 8 : 4,
): Promise<{ width: number; height: number; black: (x: number, y: number) => boolean }> {
  const png = await bwipjs.toBuffer({
    bcid: kind,
    text,
    scale,
    ...(kind === 'ean13' ? { height: 30 } : {}),
    includetext: false,
    paddingwidth: 0,
    paddingheight: 0,
  });
  const image = PNG.sync.read(png);
  return {
    width: image.width,
    height: image.height,
    // Dark and opaque: a bar. bwip-js draws on a transparent background.
    black: (x, y) => {
      const at = (y * image.width + x) * 4;
      return image.data[at + 3]! > 127 && image.data[at]! < 128;
    },
  };
}

/** A code in the fake camera's video, shown for `seconds`. */
export interface Code {
  kind: 'ean13' | 'qrcode';
  text: string;
  seconds?: number;
}

/** In the video: a code, or no code at all for `seconds` (the phone pointed away, its person tapping). */
export type Shown = Code | { kind: 'nothing'; seconds: number };

/** One 4:2:0 frame: the code large and centred on white (white only: nothing). */
async function frameOf(shown: Shown): Promise<Buffer> {
  // No colour: both chroma planes at their middle.
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  if (shown.kind === 'nothing')
    return Buffer.concat([Buffer.from('FRAME\n'), Buffer.alloc(WIDTH * HEIGHT, 235), chroma]);
  const { kind, text } = shown;
  let code = await drawCode(kind, text);
  // A long text (a label's page address) makes a larger QR code: drawn smaller, as a phone held further back.
  for (let scale = 6; kind === 'qrcode' && scale >= 3 && code.height > HEIGHT - 40; scale -= 1) {
    code = await drawCode(kind, text, scale);
  }
  if (code.width > WIDTH - 40 || code.height > HEIGHT - 40) throw new Error(`${kind} ${text} is too big for the frame`);
  const left = Math.floor((WIDTH - code.width) / 2);
  const top = Math.floor((HEIGHT - code.height) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  for (let y = 0; y < code.height; y += 1) {
    for (let x = 0; x < code.width; x += 1) if (code.black(x, y)) luma[(top + y) * WIDTH + left + x] = 16;
  }
  return Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
}

/**
 * A .y4m video (YUV4MPEG2, 4:2:0) of codes, one after the other, each large and centred on a white frame,
 * as a phone held over a label would see it: what `--use-file-for-fake-video-capture` makes Chromium's
 * camera show, in a loop.
 */
export async function codesVideo(file: string, codes: Shown[]): Promise<string> {
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F${FPS}:1 Ip A1:1 C420jpeg\n`);
  const frames: Buffer[] = [];
  for (const shown of codes) {
    const frame = await frameOf(shown);
    for (let i = 0; i < Math.round((shown.seconds ?? 1) * FPS); i += 1) frames.push(frame);
  }
  writeFileSync(file, Buffer.concat([header, ...frames]));
  return file;
}

/** A video of one code (a second of it, looped). */
export const codeVideo = (file: string, kind: Code['kind'], text: string) => codesVideo(file, [{ kind, text }]);

/**
 * A Chromium of its own whose camera shows `video` (a .y4m file): the fake device, and the permission
 * prompt answered Allow as a person would. `camera: 'refused'`: the same camera, and no one allows it.
 */
export function browserWithCamera(video: string, camera: 'allowed' | 'refused' = 'allowed'): Promise<Browser> {
  const args = config.use?.launchOptions?.args ?? [];
  return chromium.launch({
    executablePath: findChromium(),
    headless: true,
    args: [
      ...args,
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${path.resolve(video)}`,
      ...(camera === 'allowed' ? ['--use-fake-ui-for-media-stream'] : []),
    ],
  });
}

/**
 * A phone whose camera shows `video`: a Chromium of its own (`browserWithCamera`), `user` signed in at a desk's
 * width (Sign out, which says it worked, is behind the menu on a phone), then the phone's screen. `prepare`:
 * what the context needs before its page opens (init scripts). Closing the page's browser is the caller's.
 */
export async function cameraPhone(
  video: string,
  user: TestUser,
  options: { camera?: 'allowed' | 'refused'; prepare?: (context: BrowserContext) => Promise<unknown> } = {},
): Promise<Page> {
  const browser = await browserWithCamera(video, options.camera);
  try {
    const context = await browser.newContext({
      baseURL: process.env.SMART_ZONE_URL,
      viewport: { width: 1280, height: 900 },
    });
    await options.prepare?.(context);
    const page = await context.newPage();
    await signInViaUi(page, user);
    await page.setViewportSize(PHONE);
    return page;
  } catch (error) {
    await browser.close();
    throw error;
  }
}

/**
 * A .y4m video of a scene, as a camera pointed at a shelf would see it: a coloured background (blue above, warm
 * below), a large orange box and a dark stripe; what a photo taken with the fake camera shows (a second, looped).
 */
export function sceneVideo(file: string): string {
  const luma = Buffer.alloc(WIDTH * HEIGHT);
  const u = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2));
  const v = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2));
  for (let y = 0; y < HEIGHT; y += 1) {
    for (let x = 0; x < WIDTH; x += 1) {
      const box = x > 200 && x < 440 && y > 120 && y < 360;
      const stripe = y > 400 && y < 430;
      luma[y * WIDTH + x] = stripe ? 40 : box ? 150 : 90 + Math.round((y / HEIGHT) * 100);
    }
  }
  for (let y = 0; y < HEIGHT / 2; y += 1) {
    for (let x = 0; x < WIDTH / 2; x += 1) {
      const box = x > 100 && x < 220 && y > 60 && y < 180;
      u[y * (WIDTH / 2) + x] = box ? 60 : y < HEIGHT / 4 ? 170 : 110;
      v[y * (WIDTH / 2) + x] = box ? 200 : y < HEIGHT / 4 ? 100 : 150;
    }
  }
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F${FPS}:1 Ip A1:1 C420jpeg\n`);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, u, v]);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: FPS }, () => frame)]));
  return file;
}
