/**
 * Demo educations for a fresh installation, from the demo partners: an open uploaded video with a
 * thumbnail, one restricted to the demo user, one restricted to the demo administrator alone (so
 * the demo user and employee must not see it), and one on the video-sharing site without a
 * thumbnail (the SPA shows the site's own).
 *
 * `educations/demo-education.mp4` is a 6-second test pattern with a 440 Hz tone (H.264 + AAC,
 * `moov` first), made once with Debian's ffmpeg:
 *   ffmpeg -f lavfi -i testsrc2=size=640x360:rate=25:duration=6 \
 *     -f lavfi -i sine=frequency=440:sample_rate=44100:duration=6 -c:v libx264 -profile:v main \
 *     -pix_fmt yuv420p -crf 30 -preset slow -c:a aac -b:a 64k -movflags +faststart -shortest \
 *     demo-education.mp4
 * and `educations/thumbnail.jpg` its frame at 2 s (`ffmpeg -ss 2 -i demo-education.mp4
 * -frames:v 1 -q:v 5 thumbnail.jpg`). Each uploaded education gets its own copy of the video, as
 * an upload would, and its HLS stream made by the transcoder (server/transcodes/hls.ts) as the
 * worker would make it. The stream is made once per machine and pipeline (a folder in the
 * temporary directory named by the hash of the video and of hls.ts) and copied: every test that
 * seeds, seeds this too.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Clock } from '../clock.ts';
import { ensureCountries } from '../countries/store.ts';
import { EDUCATION_MEDIA_COLLECTION } from '../educations/service.ts';
import { insertEducation } from '../educations/store.ts';
import type { VideoStore } from '../educations/videos.ts';
import { probeVideo, type ProbedVideo } from '../media/video-probe.ts';
import { renditionsOf, transcodeToHls } from '../transcodes/hls.ts';
import { insertTranscode, recordVideoFacts } from '../transcodes/store.ts';
import { newStreamKey, type StreamStore } from '../transcodes/streams.ts';
import type { WebImage } from '../media/images.ts';
import type { Media, StoredImage } from '../media/service.ts';
import { listPartners } from '../partners/store.ts';
import type { Db } from '../db/database.ts';
import { demoWebImage } from './demo-images.ts';

const DEMO_VIDEO = fileURLToPath(new URL('educations/demo-education.mp4', import.meta.url));
const DEMO_THUMBNAIL = new URL('educations/thumbnail.jpg', import.meta.url);

type Audience = 'everyone' | 'demoUser' | 'administrator';

interface DemoEducation {
  title: string;
  description: string;
  lecturer: string;
  recordingMonth: string | null;
  countryIsoCode: string;
  subtitleLanguage: string | null;
  partnerName: string;
  /** Null: an uploaded copy of the demo video. */
  videoSiteUrl: string | null;
  withThumbnail: boolean;
  audience: Audience;
}

/** Newest first, as the library lists them. */
const DEMO_EDUCATIONS: DemoEducation[] = [
  {
    title: 'Adhezivno cementiranje keramičkih ljuskica',
    description:
      'Korak po korak: priprema površine zuba i ljuskice, izbor cementa i uklanjanje viška.',
    lecturer: 'dr. sc. Ivana Marić',
    recordingMonth: '2025-03',
    countryIsoCode: 'HR',
    subtitleLanguage: null,
    partnerName: 'Nordentis',
    videoSiteUrl: null,
    withThumbnail: true,
    audience: 'everyone',
  },
  {
    title: 'Planiranje implantata na CBCT snimci',
    description: 'Mjerenje volumena kosti, položaj implantata i izrada kirurške šablone.',
    lecturer: 'prof. dr. Tomislav Novak',
    recordingMonth: '2024-11',
    countryIsoCode: 'DE',
    subtitleLanguage: 'hrvatski',
    partnerName: 'Polarix',
    videoSiteUrl: null,
    withThumbnail: false,
    audience: 'demoUser',
  },
  {
    title: 'Interni pregled: nova linija kompozita',
    description: 'Predstavljanje nove linije kompozita prodajnom timu prije javne objave.',
    lecturer: 'Marta Kralj, dr. med. dent.',
    recordingMonth: null,
    countryIsoCode: 'IT',
    subtitleLanguage: 'engleski',
    partnerName: 'Lumidenta',
    videoSiteUrl: null,
    withThumbnail: false,
    audience: 'administrator',
  },
  {
    // The Blender Foundation's open film, standing in for a partner's public video.
    title: 'Ergonomija u ordinaciji',
    description: 'Kratki film o položaju tijela tijekom dugih zahvata i pauzama koje pomažu.',
    lecturer: 'dr. Luka Perić',
    recordingMonth: '2023-06',
    countryIsoCode: 'AT',
    subtitleLanguage: null,
    partnerName: 'Nordentis',
    videoSiteUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
    withThumbnail: false,
    audience: 'everyone',
  },
];

/** The stored files of the demo educations, made before the rows that refer to them. */
export interface DemoEducationFiles {
  thumbnail: StoredImage;
  /** One copy of the demo video and its stream per uploaded education, in the list's order. */
  uploads: { videoKey: string; streamKey: string }[];
  /** What ffprobe found in the demo video. */
  video: ProbedVideo;
}

export async function storeDemoEducationFiles(
  media: Media,
  videos: VideoStore,
  streams: Pick<StreamStore, 'folder'>,
): Promise<DemoEducationFiles> {
  const image = await demoThumbnail();
  const thumbnail = await media.withStaging((staged) =>
    staged.storeImage(image, EDUCATION_MEDIA_COLLECTION),
  );
  const { folder, video } = await demoStream();
  const uploads: DemoEducationFiles['uploads'] = [];
  for (const education of DEMO_EDUCATIONS) {
    if (education.videoSiteUrl !== null) continue;
    const streamKey = newStreamKey();
    await cp(folder, streams.folder(streamKey), { recursive: true });
    uploads.push({ videoKey: await videos.storeCopy(DEMO_VIDEO, 'mp4'), streamKey });
  }
  return { thumbnail, uploads, video };
}

let madeStream: Promise<{ folder: string; video: ProbedVideo }> | undefined;

/** The demo video's HLS stream, made once per machine and version of the pipeline. */
function demoStream(): Promise<{ folder: string; video: ProbedVideo }> {
  madeStream ??= (async () => {
    const hash = createHash('sha256')
      .update(await readFile(DEMO_VIDEO))
      .update(await readFile(new URL('../transcodes/hls.ts', import.meta.url)))
      .digest('hex')
      .slice(0, 16);
    const folder = path.join(tmpdir(), `dental-demo-stream-${hash}`);
    // What ffprobe found is kept beside the stream: a seed then runs no process at all.
    const facts = `${folder}.json`;
    if (existsSync(folder) && existsSync(facts)) {
      return { folder, video: JSON.parse(await readFile(facts, 'utf8')) as ProbedVideo };
    }
    const probe = await probeVideo(DEMO_VIDEO);
    if (!('video' in probe)) throw new Error(`the demo video was refused: ${probe.problem}`);
    await writeFile(facts, JSON.stringify(probe.video));
    if (!existsSync(folder)) {
      const work = await mkdtemp(`${folder}.making-`);
      try {
        await transcodeToHls({
          source: DEMO_VIDEO,
          folder: work,
          video: probe.video,
          published: [],
          threads: 2,
          onProgress: () => {},
          onPublished: async () => {},
          signal: new AbortController().signal,
        });
        await rename(work, folder);
      } catch (error) {
        await rm(work, { recursive: true, force: true });
        // Another process made it meanwhile.
        if (!existsSync(folder)) throw error;
      }
    }
    return { folder, video: probe.video };
  })().catch((error: unknown) => {
    madeStream = undefined;
    throw error;
  });
  return madeStream;
}

/** Encoded once per process, like the partners' logos: every test that seeds, seeds this too. */
let encodedThumbnail: Promise<WebImage> | undefined;
function demoThumbnail(): Promise<WebImage> {
  encodedThumbnail ??= readFile(DEMO_THUMBNAIL)
    .then(demoWebImage)
    .catch((error: unknown) => {
      encodedThumbnail = undefined;
      throw error;
    });
  return encodedThumbnail;
}

/** Inserts the demo educations with their access rights; none without the demo partners. */
export async function insertDemoEducations(
  db: Db,
  files: DemoEducationFiles,
  options: { userIds: Record<Exclude<Audience, 'everyone'>, number>; now: Clock },
): Promise<void> {
  const partnerIds = new Map((await listPartners(db)).map((p) => [p.name, p.id]));
  if (DEMO_EDUCATIONS.some((education) => !partnerIds.has(education.partnerName))) return;
  await ensureCountries(db, [
    ...new Set(DEMO_EDUCATIONS.map((education) => education.countryIsoCode)),
  ]);
  const now = options.now().getTime();
  const uploads = [...files.uploads];
  const renditions = renditionsOf(files.video).map((rendition) => rendition.name);
  for (const [index, education] of DEMO_EDUCATIONS.entries()) {
    const upload = education.videoSiteUrl === null ? uploads.shift() : undefined;
    const createdAt = new Date(now - (index + 1) * 60_000);
    const id = await insertEducation(
      db,
      {
        title: education.title,
        description: education.description,
        lecturer: education.lecturer,
        recording_month: education.recordingMonth,
        country_iso_code: education.countryIsoCode,
        subtitle_language: education.subtitleLanguage,
        partner_id: partnerIds.get(education.partnerName) ?? 0,
        video_site_url: education.videoSiteUrl,
        video_key: upload?.videoKey ?? null,
        thumbnail_key: education.withThumbnail ? files.thumbnail.key : null,
        thumbnail_card_key: education.withThumbnail ? files.thumbnail.cardKey : null,
        // A minute apart, the first the newest.
        created_at: createdAt.toISOString(),
      },
      education.audience === 'everyone' ? [] : [options.userIds[education.audience]],
    );
    if (upload === undefined) continue;
    await insertTranscode(db, { educationId: id, ...upload, at: createdAt, published: renditions });
    await recordVideoFacts(db, id, files.video);
  }
}
