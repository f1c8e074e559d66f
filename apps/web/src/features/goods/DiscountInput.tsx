/**
 * 折扣 of a stored-value card's associated project: typed as a percentage of the project's price
 * (85 = 8.5 折), with what it means beside it — the 折 and, once a project is chosen, the price
 * the card pays.
 */
import { DISCOUNT_FULL, discounted, discountText } from '@zb/contract/entities/cardProjectDiscount';
import { Form, InputNumber, Space, Typography } from 'antd';
import { formatFen } from '../../platform/money';
import type { CustomInputProps } from '../../platform/resource/customInputs';
import { useProjectOptions } from './api';

export function DiscountInput({ value, onChange, disabled }: CustomInputProps) {
  const form = Form.useFormInstance();
  const projectId = Form.useWatch<number | null | undefined>('projectId', form);
  const projects = useProjectOptions();
  const percent = typeof value === 'number' ? value : null;
  // The form holds percent with two decimals; the wire and the rule hold basis points.
  const bp = percent === null ? null : Math.round(percent * 100);
  const project = projects.data?.find((p) => p.id === projectId);
  return (
    <Space wrap>
      <InputNumber
        aria-label="折扣"
        disabled={disabled}
        precision={2}
        min={0.01}
        max={DISCOUNT_FULL / 100}
        suffix="%"
        style={{ width: 140 }}
        value={percent}
        onChange={(v) => onChange?.(v)}
      />
      {bp !== null && bp > 0 && (
        <Typography.Text type="secondary" data-testid="discount-meaning">
          即 {discountText(bp)}
          {project &&
            `，${project.name} 原价 ${formatFen(project.price)}，折后 ${formatFen(discounted(project.price, bp))}`}
        </Typography.Text>
      )}
    </Space>
  );
}
