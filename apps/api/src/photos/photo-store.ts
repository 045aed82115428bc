import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PHOTO_NAME } from '@smart-zone/types/photo';

/**
 * Where photos' files are kept: the data folder (diskPhotos, the default, backed up with the database) or an
 * S3-compatible bucket (s3Photos, for several instances). Names are content-hashed (PHOTO_NAME): a name is
 * written once and never means other bytes, so every copy anywhere stays right.
 */
export interface PhotoStore {
  /** Which store, for the start-up line: "the data folder (…)" or "S3 bucket … at …". */
  readonly where: string;
  /** Writes the files; each is whole or absent (never half written). */
  put(files: { name: string; bytes: Buffer }[]): Promise<void>;
  /** A file's bytes, or null when there is none of that name. */
  get(name: string): Promise<Buffer | null>;
  /** Removes the files; a name already gone is no error. */
  remove(names: string[]): Promise<void>;
}

/** A name that is not a photo's never reaches a path or a bucket key. */
export function checkedName(name: string): string {
  if (!PHOTO_NAME.test(name)) throw new Error(`Not a photo's name: ${name.slice(0, 80)}`);
  return name;
}

/**
 * Photos as files in `dir` (DATA_DIR/photos): each written to a temporary name beside it and renamed into
 * place, so a crash leaves the old state or the new, never a torn file.
 */
export function diskPhotos(dir: string): PhotoStore {
  let made: Promise<unknown> | undefined;
  const fileOf = (name: string) => path.join(dir, checkedName(name));
  return {
    where: `the data folder (${dir})`,
    async put(files) {
      made ??= mkdir(dir, { recursive: true });
      await made;
      await Promise.all(
        files.map(async ({ name, bytes }) => {
          const temporary = path.join(dir, `.${randomBytes(8).toString('hex')}.tmp`);
          await writeFile(temporary, bytes);
          await rename(temporary, fileOf(name));
        }),
      );
    },
    async get(name) {
      try {
        return await readFile(fileOf(name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(names) {
      await Promise.all(names.map((name) => rm(fileOf(name), { force: true })));
    },
  };
}
