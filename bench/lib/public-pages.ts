import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { solvedProof } from './proof-of-work.ts';

/**
 * The content the Lighthouse pages show, made through the public API as people would make it: an
 * admin's blog post with a cover photo, and a member's community post with a photo.
 * The server has no SMTP, so its mail lands in the outbox of its data folder, where the member's
 * verification link is read.
 */
export interface PublicPages {
  blogPostPath: string;
  communityPostPath: string;
}

const PASSWORD = 'bench password 123';

/** A camera-sized photo: smooth colour fields with fine noise, so it weighs what a photo weighs. */
async function samplePhoto(seed: number): Promise<Buffer> {
  const width = 1600;
  const height = 1067;
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      state = (state * 1103515245 + 12345) & 0x7fffffff;
      const noise = (state >> 16) % 24;
      const offset = (y * width + x) * 3;
      pixels[offset] = (40 + (x * 160) / width + noise) | 0;
      pixels[offset + 1] = (70 + (y * 120) / height + noise) | 0;
      pixels[offset + 2] = (150 + ((x + y) * 60) / (width + height) + noise) | 0;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

export function client(baseUrl: string) {
  let cookie = '';
  const request = async (method: string, path: string, body?: unknown | FormData) => {
    const headers: Record<string, string> = { origin: baseUrl };
    if (cookie) headers.cookie = cookie;
    const isForm = body instanceof FormData;
    if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    const setCookie = response.headers.getSetCookie();
    if (setCookie.length) cookie = setCookie.map((line) => line.split(';')[0]).join('; ');
    if (!response.ok) {
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    }
    const text = await response.text();
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };
  const upload = async (path: string, photo: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
    return request('POST', path, form);
  };
  /** A page as a browser asks for it, with the session: its HTML. */
  const page = async (path: string) => {
    const response = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
    return response.text();
  };
  return { request, upload, page };
}

/** The verification link mailed to `email`, from the outbox files (D22). */
export async function verificationLink(
  dataDir: string,
  email: string,
): Promise<string | undefined> {
  const outbox = path.join(dataDir, 'outbox');
  const names = await readdir(outbox).catch(() => [] as string[]);
  for (const name of names.filter((file) => file.endsWith('.json'))) {
    const mail = JSON.parse(await readFile(path.join(outbox, name), 'utf8')) as {
      to: string;
      links: string[];
    };
    const link = mail.links.find((candidate) => candidate.includes('/verify-email?token='));
    if (mail.to === email && link) return link;
  }
  return undefined;
}

/**
 * Registers `person` (with a solved proof of work) and verifies the address through the outbox,
 * as a member would; answers their client, not yet signed in.
 */
export async function registerMember(
  baseUrl: string,
  dataDir: string,
  person: { email: string; password: string; username?: string },
) {
  const member = client(baseUrl);
  await member.request('POST', '/api/auth/register', {
    ...person,
    confirmPassword: person.password,
    acceptTerms: true,
    proof: await solvedProof(baseUrl),
  });
  let link: string | undefined;
  // The mail queue sends within moments of the registration.
  for (let attempt = 0; attempt < 50 && !link; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 200));
    link = await verificationLink(dataDir, person.email);
  }
  if (!link) throw new Error(`no verification mail for ${person.email}`);
  await member.request('POST', '/api/auth/verify-email', {
    token: new URL(link).searchParams.get('token'),
  });
  return member;
}

/** A member registered and verified as `registerMember` does, then signed in. */
export async function signedUpMember(
  ...[baseUrl, dataDir, person]: Parameters<typeof registerMember>
) {
  const member = await registerMember(baseUrl, dataDir, person);
  await member.request('POST', '/api/auth/login', {
    email: person.email,
    password: person.password,
  });
  return member;
}

export async function seedPublicPages(baseUrl: string, dataDir: string): Promise<PublicPages> {
  const admin = client(baseUrl);
  const admins = { email: 'bench-admin@example.com', password: PASSWORD };
  await admin.request('POST', '/api/admin-auth/create', { ...admins, confirmPassword: PASSWORD });
  await admin.request('POST', '/api/admin-auth/login', admins);
  const cover = await admin.upload('/api/admin/media/blog-cover', await samplePhoto(1));
  const blogPost = await admin.request('POST', '/api/admin/blog/posts', {
    title: 'Mining from a phone on the way to work',
    subtitle: 'What a browser tab can do on a train',
    content: `A phone is a small computer, and a browser tab is all BTCP needs. We rode a commuter train for a week with the dashboard open and kept notes.\n\n## What we learned\n\n- The session kept its time through tunnels: the server counts, not the phone\n- A locked screen pauses the tab, so keep it awake while you mine\n- Rewards arrived at every interval, exactly as on a desktop\n\nRead more about [how rewards are counted](/blog) or join the [community](/community).`,
    published: true,
    coverImageId: cover.id,
  });

  // Decision 055: an author has a username, chosen here at sign-up.
  const member = await signedUpMember(baseUrl, dataDir, {
    email: 'bench-member@example.com',
    username: 'bench_member',
    password: PASSWORD,
  });
  const image = await member.upload('/api/community/images', await samplePhoto(2));
  const communityPost = await member.request('POST', '/api/community/posts', {
    title: 'My first week of browser mining, with the numbers',
    content:
      'I kept the dashboard open on an old laptop for a week, a few hours every evening.\n\nThe wallet filled at exactly the rate the dashboard promised, and the referral bonus arrived the moment my brother verified his email. The photo is my mining corner.',
    topic: 'mining',
    imageId: image.id,
  });
  return {
    blogPostPath: `/blog/${blogPost.id}`,
    communityPostPath: `/community/${communityPost.id}`,
  };
}
