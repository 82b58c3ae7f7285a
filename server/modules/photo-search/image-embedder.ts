/**
 * The seam of search by photo (issue 42, decision 0086): what turns a picture into something comparable, and the index
 * that compares. Today's embedder is the perceptual hash the catalogue already stores (decision 0068), read for the
 * picture and a few crops of it; its index is `PhotoIndex` (Hamming distance in memory). A stronger embedding (an
 * ONNX image model an operator provides, run by onnxruntime-node in a worker thread) would implement the same two
 * interfaces with float vectors stored per picture and cosine similarity in the process: decision 0086 says how and
 * at what cost. The service knows only these interfaces.
 */
import { PhotoIndex, type PhotoEntry, type PhotoMatch } from './photo-index';
import { photoProbes, type PhotoProbe } from './photo-probes';

/** Reads a visitor's picture into the views the index compares (refusing a bad picture with a 4xx sentence). */
export interface ImageEmbedder<Query> {
  /** Named in logs and the bench: 'phash-64' today, e.g. 'onnx:<model file>' later. */
  readonly kind: string;
  embed(picture: Buffer): Promise<Query>;
}

/** The catalogue's pictures as the embedder's kind, searchable: nearest first, the same photo before the others. */
export interface EmbeddingIndex<Query> {
  readonly size: number;
  nearest(query: Query, limit: number): PhotoMatch[];
}

/** How a matcher's index is made from the catalogue (photo-search.repo.ts for the hash). */
export type PhotoMatcher<Query, Entry> = {
  embedder: ImageEmbedder<Query>;
  /** The stored embeddings of every visible product's picture. */
  load: () => Promise<Entry[]>;
  build: (entries: Entry[]) => EmbeddingIndex<Query>;
};

/** Today's embedder: the perceptual hash and mean colour of the picture and its crops (photo-probes.ts). */
export const hashEmbedder: ImageEmbedder<PhotoProbe[]> = { kind: 'phash-64', embed: photoProbes };

export function hashMatcher(load: () => Promise<PhotoEntry[]>): PhotoMatcher<PhotoProbe[], PhotoEntry> {
  return { embedder: hashEmbedder, load, build: (entries) => new PhotoIndex(entries) };
}
