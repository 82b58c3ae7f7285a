// The demo catalogue's three starter guides (issue 43): short, original, in English, published with the demo
// products and removed with them (the setup checklist's "Remove the demo catalogue"). `{{card:i}}` names the i-th demo
// product (0-based); the seed writes its number in its place.

/** Who wrote them, as the guides say; with the slugs, what marks a guide as the demo's. */
export const DEMO_GUIDE_AUTHOR = 'Finder demo';

export type DemoGuide = { slug: string; title: string; description: string; topic: string; tags: string[]; body: string };

export const DEMO_GUIDES: readonly DemoGuide[] = [
  {
    slug: 'buying-through-an-agent-step-by-step',
    title: 'Buying through an agent, step by step',
    description: 'From a find on this site to a parcel at your door: what an agent does and what you do.',
    topic: 'Buying',
    tags: ['agents', 'basics'],
    body: `An agent buys from a Chinese marketplace for you, checks the item in its warehouse and ships everything together.

## 1. Pick a find and an agent

Choose your agent once in the top bar; every BUY button then opens the item at that agent.

{{card:0}}

## 2. Order at the agent

- Pick the size and colour the seller lists.
- Add a note if you want extra photos.
- Pay the item and the seller's domestic shipping.

## 3. Wait for the warehouse

The seller ships to the agent's warehouse in China. This usually takes 2 to 5 days.

## 4. Check the QC photos

The agent photographs the item: read [our QC guide](/guides/reading-qc-photos) before you accept it.

## 5. Ship the parcel

Put several items in one parcel to pay for shipping once. Choose a line that suits your country (see the shipping guide).`,
  },
  {
    slug: 'reading-qc-photos',
    title: 'Reading QC photos',
    description: 'What to look at in the warehouse photos before you accept an item or send it back.',
    topic: 'Quality control',
    tags: ['qc', 'basics'],
    body: `QC (quality control) photos are taken by your agent when the item reaches the warehouse. They are your only look at the item before it ships.

## What to check

| Part | Look for |
|---|---|
| Size label | The size you ordered |
| Seams | Straight lines, no loose threads |
| Logos | Even spacing, clean edges |
| Colour | Close to the listing in daylight photos |

## When to ask for more

> Ask for a photo with a tape measure when a size chart matters: agents usually take it for free.

{{card:1}}

## Returns

A return inside China is cheap and quick; after the parcel leaves the warehouse it rarely is.`,
  },
  {
    slug: 'shipping-and-customs-basics',
    title: 'Shipping and customs basics',
    description: 'Shipping lines, parcel weight and what customs may ask: the short version.',
    topic: 'Shipping',
    tags: ['shipping', 'customs', 'basics'],
    body: `Your agent offers several shipping lines. They differ in price, speed and how customs see the parcel.

## Weight and volume

Lines charge by the greater of the real weight and the volume weight. Ask the agent to remove shoe boxes to save volume.

## Customs

- Every country has its own duty-free limit; look up your customs authority's page.
- The declared value must be honest: customs may ask for the receipt.
- Some lines include duties in the price ("tax-free" lines); others leave them to you.

{{card:2}}

## Tracking

The agent gives a tracking number once the parcel leaves. The first days may show no movement while it waits for a flight.`,
  },
];
