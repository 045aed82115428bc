import { LABEL_QR_FALLBACK_HEADER, type LabelCode, type LabelLayoutName } from '@smart-zone/types/labels';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client-context';

export interface LabelsRequest {
  ids: readonly string[];
  /** Locations' labels, after the items' (issue 34). */
  locationIds?: readonly string[];
  layout: LabelLayoutName;
  code: LabelCode;
  copies: number;
}

/** GET /labels.pdf's address (staff): the items, then the locations, in the order given. */
export const labelsPdfPath = ({ ids, locationIds = [], layout, code, copies }: LabelsRequest) =>
  `/labels.pdf?${new URLSearchParams({
    ...(ids.length > 0 && { ids: ids.join(',') }),
    ...(locationIds.length > 0 && { locationIds: locationIds.join(',') }),
    layout,
    code,
    copies: String(copies),
  }).toString()}`;

export interface LabelsPdf {
  blob: Blob;
  filename: string;
  /** Labels given a QR code although Code 128 was asked for (no SKU, or one bars cannot carry there). */
  qrFallbacks: number;
}

/**
 * The labels' PDF for the dialog's preview, download and print: asked again whenever the request changes,
 * and never kept once the dialog is closed (staff data; the API says no-store too).
 */
export function useLabelsPdf(request: LabelsRequest | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['labels.pdf', request],
    enabled: request !== null && request.ids.length + (request.locationIds?.length ?? 0) > 0,
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
    queryFn: async (): Promise<LabelsPdf> => {
      const { blob, filename, headers } = await api.download(labelsPdfPath(request!), {
        auth: true,
        accept: 'application/pdf',
      });
      return {
        blob,
        filename: filename ?? 'labels.pdf',
        qrFallbacks: Number(headers.get(LABEL_QR_FALLBACK_HEADER) ?? 0),
      };
    },
  });
}
