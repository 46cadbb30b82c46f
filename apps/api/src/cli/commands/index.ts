import type { Command } from '../command.ts';
import codesGenerate from './codes-generate.ts';
import codesRevokeBatch from './codes-revoke-batch.ts';
import couponsCreate from './coupons-create.ts';
import couponsList from './coupons-list.ts';
import couponsRevoke from './coupons-revoke.ts';
import dbMigrate from './db-migrate.ts';
import productsList from './products-list.ts';
import productsUpsert from './products-upsert.ts';
import trackersImport from './trackers-import.ts';
import usersBan from './users-ban.ts';
import usersFind from './users-find.ts';
import usersList from './users-list.ts';
import usersSetProduct from './users-set-product.ts';
import usersUnban from './users-unban.ts';
import usersVerify from './users-verify.ts';

/** Every operator command, in the order the root --help lists them. */
export const COMMANDS: Command[] = [
  productsList,
  productsUpsert,
  codesGenerate,
  codesRevokeBatch,
  couponsCreate,
  couponsList,
  couponsRevoke,
  trackersImport,
  usersList,
  usersFind,
  usersBan,
  usersUnban,
  usersVerify,
  usersSetProduct,
  dbMigrate,
];
