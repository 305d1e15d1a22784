/// <reference types="vite/client" />
// The data modules import their images through Vite; the reference above types those imports.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { companies } from '../../src/data/companies.ts';
import { demoProductImages } from '../../src/data/demoProductImages.ts';
import { accountingTeam, referents, salesRepresentatives } from '../../src/data/employees.ts';
import { euFundingLogos, euFundingNotice } from '../../src/data/euFunding.ts';
import { galleryPhotos } from '../../src/data/gallery.ts';
import { heroImages } from '../../src/data/hero.ts';
import { regions } from '../../src/data/regions.ts';

const root = path.resolve(import.meta.dirname, '..', '..');

/** The file behind an imported asset URL (served from the project root in tests). */
function assetFile(url: string): string {
  expect(url).toMatch(/^\/src\/data\/images\//);
  return path.join(root, url.replace(/\?.*$/, ''));
}

/** An imported image's bytes: Vite inlines small SVGs as data URLs and links the others. */
function assetBytes(url: string): Buffer {
  const base64 = /^data:image\/svg\+xml;base64,(.*)$/.exec(url);
  if (base64) return Buffer.from(base64[1] as string, 'base64');
  const encoded = /^data:image\/svg\+xml,(.*)$/.exec(url);
  if (encoded) return Buffer.from(decodeURIComponent(encoded[1] as string));
  return readFileSync(assetFile(url));
}

function publicFile(url: string): string {
  expect(url).toMatch(/^\/[a-z0-9/-]+\.webp$/);
  return path.join(root, 'public', url);
}

function svgSize(svg: Buffer): { width: number; height: number } {
  const match = /viewBox=["']0 0 (\d+) (\d+)["']/.exec(svg.toString('utf8'));
  if (!match) throw new Error('The SVG has no viewBox');
  return { width: Number(match[1]), height: Number(match[2]) };
}

describe('regions', () => {
  it('are the five sales regions of the specification', () => {
    expect(regions).toEqual([
      { regionId: 1, regionName: 'Središnja Hrvatska' },
      { regionId: 2, regionName: 'Slavonija' },
      { regionId: 3, regionName: 'Istra i Rijeka' },
      { regionId: 4, regionName: 'Sjeverna Dalmacija' },
      { regionId: 5, regionName: 'Južna Dalmacija' },
    ]);
  });
});

describe('employees', () => {
  const everyone = [...salesRepresentatives, ...referents, ...accountingTeam];

  it('has at least six sales representatives who together cover every region', () => {
    expect(salesRepresentatives.length).toBeGreaterThanOrEqual(6);
    const covered = new Set(salesRepresentatives.flatMap((person) => person.regions));
    expect([...covered].sort()).toEqual(regions.map((region) => region.regionId));
    expect(salesRepresentatives.some((person) => person.regions.length > 1)).toBe(true);
  });

  it('gives every representative a dentalia.hr address, a description and a phone', () => {
    for (const person of salesRepresentatives) {
      expect(person.email).toMatch(/^[a-z]+\.[a-z]+@dentalia\.hr$/);
      expect(person.description.length).toBeGreaterThan(20);
      expect(person.phone).toMatch(/^\+385 \d{2} \d{3} \d{3,4}$/);
    }
    expect(new Set(salesRepresentatives.map((person) => person.email)).size).toBe(
      salesRepresentatives.length,
    );
  });

  it('has three or four referents and accountants', () => {
    expect(referents.length).toBeGreaterThanOrEqual(3);
    expect(referents.length).toBeLessThanOrEqual(4);
    expect(accountingTeam.length).toBeGreaterThanOrEqual(3);
    expect(accountingTeam.length).toBeLessThanOrEqual(4);
  });

  it('draws each person their own small portrait, a WebP of twice its largest size', async () => {
    expect(new Set(everyone.map((person) => person.image)).size).toBe(everyone.length);
    for (const person of everyone) {
      const file = assetFile(person.image);
      const { format, width, height } = await sharp(file).metadata();
      expect({ format, width, height }).toEqual({ format: 'webp', width: 192, height: 192 });
      expect(statSync(file).size).toBeLessThan(4 * 1024);
    }
  });
});

describe('companies', () => {
  it('lists at least twelve invented suppliers, some exclusive', () => {
    expect(companies.length).toBeGreaterThanOrEqual(12);
    expect(companies.some((company) => company.isExclusive)).toBe(true);
    expect(companies.some((company) => !company.isExclusive)).toBe(true);
  });

  it('links only reserved .example hosts, never a real company', () => {
    for (const company of companies) expect(company.url).toMatch(/^www\.[a-z0-9-]+\.example$/);
    expect(new Set(companies.map((company) => company.url)).size).toBe(companies.length);
  });

  it('has a small drawn logo for each', () => {
    for (const company of companies) {
      const svg = assetBytes(company.img);
      expect(svg.toString('utf8')).toContain(`>${company.name}</text>`);
      expect(svg.length).toBeLessThan(1024);
    }
  });
});

describe('hero images', () => {
  it('are four small WebP images in three widths', async () => {
    expect(heroImages).toHaveLength(4);
    for (const hero of heroImages) {
      expect(hero.alt.length).toBeGreaterThan(10);
      const candidates = hero.srcSet.split(', ').map((entry) => entry.split(' '));
      expect(candidates.map(([, width]) => width)).toEqual(['640w', '1024w', '1600w']);
      expect(candidates.map(([url]) => url)).toContain(hero.src);
      for (const [url, width] of candidates) {
        const file = assetFile(url as string);
        expect(statSync(file).size).toBeLessThan(60 * 1024);
        const metadata = await sharp(file).metadata();
        expect(metadata.format).toBe('webp');
        expect(`${metadata.width}w`).toBe(width);
        expect(metadata.width / metadata.height).toBe(hero.width / hero.height);
      }
    }
  });

  it('keep the first one, the largest contentful paint, the lightest of all', () => {
    const largest = (index: number) =>
      statSync(assetFile(heroImages[index]?.srcSet.split(', ')[2]?.split(' ')[0] as string)).size;
    expect(largest(0)).toBeLessThanOrEqual(Math.min(largest(1), largest(2), largest(3)) * 1.3);
    expect(largest(0)).toBeLessThan(20 * 1024);
  });
});

describe('EU funding', () => {
  it('has two drawn logos with their true proportions and a Croatian notice', () => {
    expect(euFundingLogos).toHaveLength(2);
    for (const logo of euFundingLogos) {
      expect(svgSize(assetBytes(logo.src))).toEqual({ width: logo.width, height: logo.height });
      expect(logo.alt.length).toBeGreaterThan(5);
    }
    expect(euFundingNotice).toMatch(/sufinancira.*Europska unija/);
  });
});

describe('gallery photos', () => {
  it('come from at least three events with three to five photos each', () => {
    const perEvent = new Map<string, number>();
    for (const { eventName } of galleryPhotos) {
      perEvent.set(eventName, (perEvent.get(eventName) ?? 0) + 1);
    }
    expect(perEvent.size).toBeGreaterThanOrEqual(3);
    for (const count of perEvent.values()) {
      expect(count).toBeGreaterThanOrEqual(3);
      expect(count).toBeLessThanOrEqual(5);
    }
  });

  it('point at existing files whose sizes the module states', async () => {
    for (const photo of galleryPhotos) {
      const full = await sharp(publicFile(photo.fullSizedPhoto)).metadata();
      expect([full.width, full.height]).toEqual([photo.width, photo.height]);
      const small = await sharp(publicFile(photo.smallSizedPhoto)).metadata();
      expect(small.width).toBe(40);
      expect(statSync(publicFile(photo.smallSizedPhoto)).size).toBeLessThan(1024);
      expect(photo.alt.length).toBeGreaterThan(10);
    }
  });
});

describe('demo product images', () => {
  it('are six small square WebP pictures with Croatian names', async () => {
    expect(demoProductImages).toHaveLength(6);
    for (const product of demoProductImages) {
      const file = publicFile(product.imageUrl);
      expect(statSync(file).size).toBeLessThan(25 * 1024);
      const metadata = await sharp(file).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 400, 400]);
      expect(product.name.length).toBeGreaterThan(5);
    }
  });
});
