// Server-made captcha: the answer never leaves the server; the challenge row keeps only a salted hash of
// it, expires after 5 minutes and is consumed by its first use, right or wrong.
import crypto from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../db/connection';

export interface CaptchaImage {
  text: string;
  svg: string;
}
/** Makes the picture; injectable so tests can know the answer without reading the image. */
export type CaptchaGenerator = () => CaptchaImage;

export const defaultCaptchaGenerator: CaptchaGenerator = () => {
  const c = svgCaptcha.create({
    size: 5,
    noise: 2,
    ignoreChars: '0oO1ilI',
    color: false,
    background: '#f3f2f1',
  });
  return { text: c.text, svg: c.data };
};

const TTL_MS = 5 * 60_000;

function answerHash(id: string, answer: string): string {
  return crypto.createHash('sha256').update(`${id}:${answer.trim().toLowerCase()}`).digest('hex');
}

export class CaptchaService {
  constructor(
    private readonly db: Db,
    private readonly generate: CaptchaGenerator = defaultCaptchaGenerator,
  ) {}

  async issue(now = new Date()): Promise<{ captcha_id: string; image: string }> {
    const { text, svg } = this.generate();
    const id = crypto.randomUUID();
    await this.db('captcha_challenges').insert({
      id,
      answer_hash: answerHash(id, text),
      expires_date: new Date(now.getTime() + TTL_MS),
    });
    // Expired challenges are dead weight; clear them as new ones are made.
    await this.db('captcha_challenges')
      .where('expires_date', '<', new Date(now.getTime() - TTL_MS))
      .delete();
    return { captcha_id: id, image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  /** True when the answer matches an unexpired, unused challenge. The challenge is used up either way. */
  async consume(id: string | undefined, answer: string | undefined, now = new Date()): Promise<boolean> {
    if (!id || !answer || !/^[0-9a-f-]{36}$/i.test(id)) return false;
    const row = (await this.db('captcha_challenges')
      .where({ id })
      .whereNull('used_date')
      .where('expires_date', '>', now)
      .update({ used_date: now })
      .returning(['answer_hash'])) as { answer_hash: string }[];
    const stored = row[0]?.answer_hash;
    if (!stored) return false;
    const given = answerHash(id, answer);
    return crypto.timingSafeEqual(Buffer.from(stored), Buffer.from(given));
  }
}
