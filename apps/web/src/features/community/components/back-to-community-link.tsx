import { communityMessages } from '@btcp/shared/community';
import { paths } from '@btcp/shared/paths';
import { Link } from 'react-router';

/** The way back to the list, under a post or a comment's thread. */
export function BackToCommunityLink() {
  return (
    <Link
      to={paths.community.getHref()}
      className="justify-self-start text-sm font-medium text-primary hover:underline"
    >
      {communityMessages.backToCommunity}
    </Link>
  );
}
