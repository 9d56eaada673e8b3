import { blogMessages } from '@btcp/shared/blog';
import { pageTitles } from '@btcp/shared/paths';
import { useParams } from 'react-router';
import { AdminBlogHeader } from '#web/features/blog/components/admin-blog-header.tsx';
import { AdminBlogList } from '#web/features/blog/components/admin-blog-list.tsx';
import { BlogPostForm } from '#web/features/blog/components/blog-post-form.tsx';
import { EditBlogPost } from '#web/features/blog/components/edit-blog-post.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

/** /admin/blog/{action}/{id}: 'new' and 'edit/{id}' open the form; any other action lists. */
export function Component() {
  useDocumentTitle(pageTitles.adminBlog);
  const { action, id } = useParams();

  if (action === 'new') {
    return (
      <>
        <AdminBlogHeader title={blogMessages.createTitle} />
        <BlogPostForm />
      </>
    );
  }
  if (action === 'edit' && id) {
    return (
      <>
        <AdminBlogHeader title={blogMessages.editTitle} />
        <EditBlogPost key={id} id={id} />
      </>
    );
  }
  return <AdminBlogList />;
}
