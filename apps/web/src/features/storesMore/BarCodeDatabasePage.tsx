/** /barCodeDatabase (商品条码库): barcodes on the resource engine, with 导入 from an .xlsx and its template. */
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { buttonCodeOf } from '@zb/contract/api/pageAccess';
import { BARCODE_API, PRODUCT_BARCODE } from '@zb/contract/entities/barcode';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useCan } from '../../platform/permissions';
import type { CustomInputProps } from '../../platform/resource/customInputs';
import { ResourceListPage } from '../../platform/resource/ResourceListPage';
import { downloadBarcodeTemplate } from './api';
import { ProductPicker } from './inputs';

const BarcodeImportModal = lazy(() => import('./BarcodeImportModal'));

function ProductInput(props: CustomInputProps) {
  return <ProductPicker endpoint={BARCODE_API.products} {...props} />;
}

const INPUTS = { productId: ProductInput };

export default function BarCodeDatabasePage() {
  const canImport = useCan(buttonCodeOf(PRODUCT_BARCODE.page, 'import'));
  const [importing, setImporting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const toolbar = canImport && (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
        导入
      </Button>
      <Button
        icon={<DownloadOutlined />}
        loading={downloading}
        onClick={async () => {
          setDownloading(true);
          try {
            await downloadBarcodeTemplate();
          } catch {
            // The call has shown why.
          } finally {
            setDownloading(false);
          }
        }}
      >
        下载导入模板
      </Button>
    </>
  );
  return (
    <>
      <ResourceListPage decl={PRODUCT_BARCODE} inputs={INPUTS} toolbar={toolbar} />
      {importing && (
        <Suspense fallback={null}>
          <BarcodeImportModal onClose={() => setImporting(false)} />
        </Suspense>
      )}
    </>
  );
}
