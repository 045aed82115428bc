import { usePageTitle } from '../../components/use-page-title';
import { ARTICLES } from './articles';

export function Blogs() {
  usePageTitle('Blogs');
  return (
    <section aria-labelledby="blogs-title" className="mx-auto" style={{ maxWidth: 860 }}>
      <h1 id="blogs-title" className="mb-4">
        Blogs
      </h1>
      {ARTICLES.map((article) => (
        <article key={article.id} className="card shadow-sm mb-4" aria-labelledby={article.id}>
          <div className="card-body">
            <h2 id={article.id} className="h4">
              {article.question}
            </h2>
            {article.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 40)}>{paragraph}</p>
            ))}
          </div>
        </article>
      ))}
    </section>
  );
}
