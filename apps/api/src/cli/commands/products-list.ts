import { brandConfig } from '@pet/shared';
import { listProducts } from '../../modules/plans/products.repo.ts';
import {
  BRAND_HELP,
  BRAND_OPTION,
  brandArg,
  defineCommand,
  positionalArgs,
  table,
  yesNo,
} from '../command.ts';

const euro = (value: number | string | null) => (value === null ? '-' : Number(value).toFixed(2));

export default defineCommand({
  name: 'products list',
  summary: "Lists a brand's products (active and inactive) by sequence.",
  usage: ['[--brand <id>]', BRAND_HELP],
  options: BRAND_OPTION,
  parse(args, env) {
    positionalArgs(args, []);
    return { brand: brandArg(args, env) };
  },
  async run(ctx, { brand }) {
    const partnerId = brandConfig(brand).partnerId;
    const rows = await listProducts(ctx.db, partnerId, { activeOnly: false });
    ctx.out(`${rows.length} products of ${partnerId}`);
    if (rows.length === 0) return 0;
    const header = ['key', 'seq', 'name', 'pets', 'docs', 'appt', 'medical', 'emergency', 'gps'];
    header.push('monthly', 'yearly', 'months', 'tracker', 'default', 'active', 'note', 'id');
    const lines = table([
      header,
      ...rows.map((p) => [
        p.key,
        String(p.sequence),
        p.name,
        String(p.petsLimit),
        p.documentsLimit >= 100 ? `${p.documentsLimit} (unlimited)` : String(p.documentsLimit),
        yesNo(p.appointments),
        yesNo(p.medical),
        yesNo(p.emergencyFile),
        yesNo(p.gpsTracking),
        euro(p.monthlyPrice),
        euro(p.yearlyPrice),
        p.duration === null ? '-' : String(p.duration),
        euro(p.trackerPrice),
        yesNo(p.isDefault),
        yesNo(p.active),
        p.internalNote ?? '-',
        p.id,
      ]),
    ]);
    for (const line of lines) ctx.out(line);
    return 0;
  },
});
