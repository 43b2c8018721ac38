import { Box, Stack, Text } from '@mantine/core';
import { formatVoucherCode, type GiftVoucher } from '@studio/shared';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { formatDate, formatMoney } from '../../lib/format';

/** The QR code of a voucher's code, as an image (drawn in the browser: nothing leaves the studio). */
export function VoucherQr({ code, size = 120 }: { code: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(code, { errorCorrectionLevel: 'M', margin: 1, width: size * 2 }).then((url) => live && setSrc(url));
    return () => {
      live = false;
    };
  }, [code, size]);
  return src ? <img src={src} width={size} height={size} alt={`QR code of voucher ${formatVoucherCode(code)}`} data-testid="voucher-qr" /> : <Box w={size} h={size} />;
}

/** The voucher as printed (80 mm roll or a card): value, code in large type with its QR code, who it is for, expiry. */
export function VoucherCard({ voucher }: { voucher: GiftVoucher }) {
  return (
    <Stack gap={6} align="center" p="sm" style={{ border: '1px dashed #999', borderRadius: 8, maxWidth: 300, margin: '0 auto' }} data-testid="voucher-card">
      <Text fw={700} fz="lg">
        Gift voucher
      </Text>
      <Text fw={800} fz={28}>
        {formatMoney(voucher.face_value)}
      </Text>
      {voucher.recipient_name && <Text>For {voucher.recipient_name}</Text>}
      <VoucherQr code={voucher.code} />
      <Text ff="monospace" fw={700} fz={22} data-testid="voucher-code">
        {formatVoucherCode(voucher.code)}
      </Text>
      <Text fz="sm">{voucher.expires_on ? `Valid until ${formatDate(voucher.expires_on)}` : 'No expiry'}</Text>
      {voucher.buyer_name && <Text fz="xs">From {voucher.buyer_name}</Text>}
      <Text fz="xs" c="dimmed">
        Show this code at the till. Balance left: {formatMoney(voucher.balance)}
      </Text>
    </Stack>
  );
}
