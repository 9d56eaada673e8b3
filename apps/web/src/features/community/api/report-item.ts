import {
  type CreateReportBody,
  type ReportCreated,
  type ReportItemType,
  reportsApi,
} from '@btcp/shared/reports';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export interface ReportItemInput {
  itemType: ReportItemType;
  itemId: string;
  body: CreateReportBody;
}

/** Reports a post or a comment to the moderators; the server takes one per member and item. */
export const reportItem = ({ itemType, itemId, body }: ReportItemInput) =>
  apiRequest<ReportCreated>(
    itemType === 'post' ? reportsApi.postReports(itemId) : reportsApi.commentReports(itemId),
    { method: 'POST', body },
  );

export const useReportItem = () => useMutation({ mutationFn: reportItem });
