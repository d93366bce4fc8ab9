/**
 * `j2g pack --data DIR --out DIR`: a release folder an author can upload (data/package.ts): the dataset
 * as it is, a Frictionless Data Package descriptor with license, version, authors, citation and the
 * SHA-256 of every file, a generated datasheet with blanks to fill, each run's provenance, and a
 * scenario.json whose dataset path is the folder itself.
 */
import { J2GError } from '../../errors.ts';
import { packDataset, packedMetadata } from '../../release/package.ts';
import { parseArgs } from '../args.ts';

export const summary = 'bundle a dataset as a release folder: Data Package descriptor with SHA-256 of every file, datasheet, provenance';
export const usage = `usage: j2g pack --data DIR --out DIR --license SPDX --version X.Y.Z --author NAME [options]

  --data DIR        the dataset (it must pass j2g validate); may be an earlier release, which is
                    repacked keeping its edited DATASHEET.md and provenance.csv (new hashes recorded)
  --out DIR         the release folder (written as one unit; may be --data itself to repack in place)
  --license SPDX    license of the data, an SPDX id (CC-BY-4.0, CC0-1.0, ...)
  --version X.Y.Z   version of this release (semantic version)
  --author NAME     an author, "Name" or "Name <email>" (repeatable, in citation order)
  --title TEXT      title (default: the manifest's name)
  --citation TEXT   how to cite the dataset (default: authors, title and version)
  --trace DIR       a power-log trace the runs were measured in (repeatable): each run's window
                    (marks.csv lines, wall-clock ns) goes into provenance.csv; runs imported with
                    j2g import --rate carry their source file and line already

Writes into --out: manifest.json and the six CSV files byte for byte, datapackage.json (Frictionless
Data Package v2: licenses, version, contributors, citation, and per file its bytes and sha256; a Table
Schema with primary and foreign keys for each CSV), DATASHEET.md (Gebru et al.'s questions, counted
facts filled in, [TO FILL: ...] blanks for the rest), provenance.csv and scenario.json ("dataset": ".", the
folder itself wherever it is: j2g tables --scenario OUT/scenario.json). j2g validate --data OUT checks every file's SHA-256.
Release fields of an earlier release (--data holding datapackage.json) are the defaults.`;

export async function run(argv: string[]): Promise<number> {
  const a = parseArgs(argv, { values: ['data', 'out', 'license', 'version', 'title', 'citation'], repeatable: ['author', 'trace'] });
  const data = a.options.data, out = a.options.out;
  if (!data) throw new J2GError('missing --data DIR');
  if (!out) throw new J2GError('missing --out DIR');
  const before = packedMetadata(data) ?? {};
  const license = a.options.license ?? before.license;
  const version = a.options.version ?? before.version;
  const authors = a.lists.author ?? before.authors ?? [];
  if (!license) throw new J2GError('missing --license SPDX (the license of the data, such as CC-BY-4.0)');
  if (!version) throw new J2GError('missing --version X.Y.Z');
  if (!authors.length) throw new J2GError('missing --author NAME (repeatable)');
  const files = packDataset(data, out, {
    license, version, authors,
    title: a.options.title ?? before.title,
    citation: a.options.citation ?? (a.options.title || a.lists.author || a.options.version ? undefined : before.citation),
    traces: a.lists.trace ?? [],
  });
  console.error(`j2g pack: wrote ${files.length} files to ${out} (${files.join(', ')}); check with j2g validate --data ${out}`);
  return 0;
}
