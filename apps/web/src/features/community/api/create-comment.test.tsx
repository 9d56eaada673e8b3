import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect, it } from 'vitest';
import { commentsPage, communityComment, POST_ID } from '#web/test/community-fixtures.ts';
import { signedInUser, stubApi } from '#web/test/stub-api.ts';
import { useCreateComment } from './create-comment.ts';
import { useComments } from './get-comments.ts';
import { communityKeys } from './query-keys.ts';

const commentsPath = `/community/posts/${POST_ID}/comments`;

it('keeps a new comment when a read of the thread asked for before it answers after it', async () => {
  const older = communityComment({ id: 'older', content: 'Already there' });
  const mine = communityComment({ id: 'mine', content: 'My words', isMine: true });
  let reads = 0;
  let answerLateRead = () => {};
  const lateReadAnswered = new Promise<void>((resolve) => {
    answerLateRead = resolve;
  });
  stubApi(
    {
      // The server's page as it was when asked; the second read answers only when the test says.
      [`GET ${commentsPath}`]: async () => {
        reads += 1;
        if (reads > 1) await lateReadAnswered;
        return { body: commentsPage([older]) };
      },
      [`POST ${commentsPath}`]: { status: 201, body: mine },
    },
    signedInUser,
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(
    () => ({ comments: useComments(POST_ID, 'new'), create: useCreateComment() }),
    { wrapper },
  );
  await waitFor(() => expect(result.current.comments.data).toBeDefined());

  // Something reads the thread again (another change, a name saved) just before the comment goes.
  void queryClient.invalidateQueries({ queryKey: communityKeys.comments(POST_ID) });
  await waitFor(() => expect(reads).toBe(2));
  await act(() => result.current.create.mutateAsync({ postId: POST_ID, content: 'My words' }));
  answerLateRead();
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));

  const shown = result.current.comments.data?.pages.flatMap((page) => page.items);
  expect(shown?.map((comment) => comment.id)).toEqual(['mine', 'older']);
});
