import type { StripeCatalogue } from "../development";

/**
 * The dev checkout's mirror of Stripe's catalogue (development kit only): the Products and Prices
 * the console makes for match passes and packages, kept in D1's dev_stripe_catalogue with Stripe's id shapes,
 * so a pass made offline is bought through the dev checkout exactly as through Stripe.
 */
const devId = (prefix: string) => `${prefix}_dev_${crypto.randomUUID().replaceAll("-", "").slice(0, 20)}`;

export function devStripeCatalogue(db: D1Database): StripeCatalogue {
  const archive = async (id: string) => {
    await db.prepare("UPDATE dev_stripe_catalogue SET active = 0 WHERE id = ?1").bind(id).run();
  };
  return {
    async createProduct({ name }) {
      const id = devId("prod");
      await db.prepare("INSERT INTO dev_stripe_catalogue (id, object, name) VALUES (?1, 'product', ?2)").bind(id, name).run();
      return { id };
    },
    async updateProduct(id, { name }) {
      await db.prepare("UPDATE dev_stripe_catalogue SET name = ?2 WHERE id = ?1").bind(id, name).run();
    },
    async createPrice({ product, amountPence }) {
      const id = devId("price");
      await db.prepare("INSERT INTO dev_stripe_catalogue (id, object, product, unit_amount) VALUES (?1, 'price', ?2, ?3)").bind(id, product, amountPence).run();
      return { id };
    },
    archivePrice: archive,
    archiveProduct: archive,
  };
}
