/**
 * Seeded pseudo-random numbers so the demo content is identical on every build.
 * Each content area takes its own stream (named), so adding to one area leaves the others unchanged.
 */

/** mulberry32: small, fast and good enough for demo content. */
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a hash of a string, used to derive a stream seed from its name. */
function hashName(name) {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** A named random stream with the helpers the seed builders use. */
export function createRandom(name) {
  const next = mulberry32(hashName(`northbridge-rovers:${name}`));
  const random = {
    next,
    /** integer in [min, max] */
    int(min, max) {
      return min + Math.floor(next() * (max - min + 1));
    },
    chance(probability) {
      return next() < probability;
    },
    pick(list) {
      if (list.length === 0) throw new Error("pick from an empty list");
      return list[Math.floor(next() * list.length)];
    },
    /** a new array in random order (Fisher-Yates) */
    shuffle(list) {
      const copy = [...list];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy;
    },
    /** `count` distinct items */
    sample(list, count) {
      return random.shuffle(list).slice(0, count);
    },
    /** Poisson-distributed integer, for goals */
    poisson(mean) {
      const limit = Math.exp(-mean);
      let k = 0;
      let p = 1;
      do {
        k++;
        p *= next();
      } while (p > limit);
      return k - 1;
    },
    /** lower-case base-36 id of `length` characters */
    id(length) {
      let out = "";
      for (let i = 0; i < length; i++) out += "0123456789abcdefghijklmnopqrstuvwxyz"[Math.floor(next() * 36)];
      return out;
    },
  };
  return random;
}
