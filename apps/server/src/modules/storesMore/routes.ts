/**
 * The rest of store management (SPEC §2.4): /barCodeDatabase (with lookup, import, template),
 * /memberReceiveAudit (with audit), /posList (with SPEC §7.3 paymentTerminalList and the binding
 * history), /swiftpassStore.
 */
import fastifyMultipart from '@fastify/multipart';
import { BARCODE_API, BARCODE_IMPORT_MAX_KB, BARCODE_TEMPLATE_NAME } from '@zb/contract/entities/barcode';
import { MEMBER_RECEIVE_API } from '@zb/contract/entities/memberReceive';
import { POS_API } from '@zb/contract/entities/posTerminal';
import { SWIFTPASS_API } from '@zb/contract/entities/swiftpass';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resource/register';
import { route, Streamed, WithMessage } from '../../platform/route';
import { contentDisposition } from '../downloads/service';
import { memberPhonesTaken } from '../members/service';
import { storePicks } from '../stores/service';
import { barcodeTemplate, importBarcodes } from './barcodeImport';
import { barcodeBinding, lookupBarcode } from './barcodes';
import { productPicks } from './common';
import { auditMemberReceive, linkMemberReceives, memberReceiveBinding } from './memberReceive';
import { paymentTerminalList, posTerminalResource, terminalBindings } from './posTerminals';
import { swiftpassResource } from './swiftpass';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const storesMoreRoutes = async (app: FastifyInstance) => {
  memberPhonesTaken.register(linkMemberReceives);
  // Multipart only for this plugin's routes (the barcode import), as uploads does for its own.
  await app.register(fastifyMultipart, {
    limits: { fileSize: BARCODE_IMPORT_MAX_KB * 1024, files: 1, fields: 5, fieldSize: 1024, parts: 10 },
  });

  // Fixed paths first: they sit beside the engine's /list, /detail/:id …
  route(app, BARCODE_API.lookup, ({ query }, { db }) => lookupBarcode(db, query.barcode));
  route(app, BARCODE_API.import, async (_input, { db, req, signedIn }) => {
    const result = await importBarcodes(db, signedIn(), req);
    return new WithMessage(result, `导入成功，新增 ${result.created} 条条码`);
  });
  route(
    app,
    BARCODE_API.template,
    async () =>
      new Streamed(await barcodeTemplate(), {
        'content-type': XLSX,
        'content-disposition': contentDisposition(BARCODE_TEMPLATE_NAME),
        'cache-control': 'private, no-store',
      }),
  );
  route(app, BARCODE_API.products, (_input, { db }) => productPicks(db));
  registerResource(app, barcodeBinding);

  route(app, MEMBER_RECEIVE_API.audit, async ({ body }, { db, signedIn }) => {
    const result = await auditMemberReceive(db, signedIn(), body);
    return new WithMessage(result, result.status === 'approved' ? '审核通过，已扣减门店库存' : '已驳回');
  });
  route(app, MEMBER_RECEIVE_API.stores, (_input, { db, signedIn }) => storePicks(db, signedIn().scope));
  route(app, MEMBER_RECEIVE_API.products, (_input, { db }) => productPicks(db));
  registerResource(app, memberReceiveBinding);

  route(app, POS_API.paymentTerminalList, ({ query }, { db, signedIn }) => paymentTerminalList(db, signedIn(), query));
  route(app, POS_API.bindings, ({ params }, { db, signedIn }) =>
    terminalBindings(db, signedIn().scope, (params as { id: number }).id),
  );
  route(app, POS_API.stores, (_input, { db, signedIn }) => storePicks(db, signedIn().scope));
  registerResource(app, posTerminalResource);

  route(app, SWIFTPASS_API.stores, (_input, { db, signedIn }) => storePicks(db, signedIn().scope));
  registerResource(app, swiftpassResource(app.cipher));
};
