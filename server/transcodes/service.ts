/**
 * What administrators do with an uploaded video's stream and captions (issue 27): retry a failed
 * transcode, add, replace and remove caption files; and where a checked stream request's file is.
 */
import path from 'node:path';
import { CAPTION_RULES } from '../../src/api/contract.ts';
import { audited } from '../audit/log.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { DomainError, MESSAGES } from '../http/errors.ts';
import { toWebVtt, type CaptionStore } from './captions.ts';
import {
  deleteCaption,
  findCaptionKey,
  findTranscode,
  replaceCaption,
  retryTranscode,
} from './store.ts';
import type { StreamStore } from './streams.ts';

export interface StreamsService {
  /** The file a stream request names, under its stream folder or the captions folder. */
  fileOf(
    educationId: number,
    streamKey: string,
    file: { kind: 'stream'; name: string } | { kind: 'captions'; language: string },
  ): Promise<{ root: string; name: string }>;
  retry(educationId: number): Promise<void>;
  putCaptions(educationId: number, language: string, bytes: Buffer): Promise<void>;
  removeCaptions(educationId: number, language: string): Promise<void>;
}

export interface StreamsServiceDeps {
  db: Db;
  now: Clock;
  streams: Pick<StreamStore, 'root'>;
  captions: CaptionStore;
}

export function streamsService(deps: StreamsServiceDeps): StreamsService {
  const { db, now, captions } = deps;
  const notFound = () => new DomainError(404, MESSAGES.educationNotFound);
  const checkLanguage = (language: string) => {
    if (!CAPTION_RULES.languagePattern.test(language)) {
      throw new DomainError(400, MESSAGES.captionLanguageInvalid);
    }
  };

  return {
    async fileOf(educationId, streamKey, file) {
      if (file.kind === 'stream')
        return { root: path.join(deps.streams.root, streamKey), name: file.name };
      const key = await findCaptionKey(db, educationId, file.language);
      if (key === undefined) throw new DomainError(404, MESSAGES.captionNotFound);
      return { root: captions.root, name: key };
    },

    async retry(educationId) {
      const retried = (trx: Db) => retryTranscode(trx, educationId, now());
      const describe = (queued: boolean) =>
        queued
          ? ({
              kind: 'education',
              action: 'update',
              objectId: educationId,
              summary: 'Obrada videa ponovno pokrenuta',
            } as const)
          : undefined;
      if (await audited(db, retried, describe)) return;
      if ((await findTranscode(db, educationId)) === undefined) throw notFound();
      throw new DomainError(409, MESSAGES.transcodeNotFailed);
    },

    async putCaptions(educationId, language, bytes) {
      checkLanguage(language);
      const parsed = toWebVtt(bytes);
      if ('notText' in parsed) throw new DomainError(400, MESSAGES.captionNotText);
      if ('problem' in parsed) throw new DomainError(400, MESSAGES.captionInvalid(parsed.problem));
      const key = await captions.store(parsed.webVtt);
      try {
        const outcome = await audited(
          db,
          (trx) => replaceCaption(trx, { educationId, language, key, at: now() }),
          (done) =>
            done.missing
              ? undefined
              : {
                  kind: 'education',
                  action: 'update',
                  objectId: educationId,
                  summary: `Titlovi (${language}) postavljeni`,
                },
        );
        if (outcome.missing) throw notFound();
        if (outcome.replaced !== undefined) await captions.remove(outcome.replaced);
      } catch (error) {
        await captions.remove(key);
        throw error;
      }
    },

    async removeCaptions(educationId, language) {
      checkLanguage(language);
      const key = await audited(
        db,
        (trx) => deleteCaption(trx, educationId, language),
        (removed) =>
          removed === undefined
            ? undefined
            : {
                kind: 'education',
                action: 'update',
                objectId: educationId,
                summary: `Titlovi (${language}) uklonjeni`,
              },
      );
      if (key === undefined) throw new DomainError(404, MESSAGES.captionNotFound);
      await captions.remove(key);
    },
  };
}
