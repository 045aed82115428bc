import { usePageTitle } from '../../components/use-page-title';

const SKILLS = [
  'JavaScript and TypeScript',
  'React',
  'Node.js and Express',
  'MongoDB and SQLite',
  'Firebase Authentication',
  'Bootstrap and responsive CSS',
  'Testing with Jest and Playwright',
];

const LINKS = [
  { href: 'https://developer.mozilla.org/', label: 'MDN Web Docs, where I learn the web platform' },
  { href: 'https://react.dev/', label: 'React documentation' },
  { href: 'https://nodejs.org/', label: 'Node.js' },
  { href: 'https://github.com/', label: 'GitHub' },
];

export function AboutUs() {
  usePageTitle('About Us');
  return (
    <section aria-labelledby="aboutus-title" className="mx-auto" style={{ maxWidth: 760 }}>
      <h1 id="aboutus-title">About us</h1>
      <p className="lead">Hi, I build and look after Smart Zone, the inventory app of our small phone warehouse.</p>
      <p>
        I started as the person who counted boxes on the shelves at the end of each day and kept the numbers in a
        spreadsheet. When the spreadsheet stopped matching the shelves, I learned web development to build a tool that
        could not lose a record or sell a phone we did not have. Smart Zone is that tool: everyone on the team can see
        the stock, and every delivery takes its phones off the shelf in the same step.
      </p>
      <h2 className="h4 mt-4">Skills</h2>
      <ul>
        {SKILLS.map((skill) => (
          <li key={skill}>{skill}</li>
        ))}
      </ul>
      <h2 className="h4 mt-4">Find me elsewhere</h2>
      <ul>
        {LINKS.map((link) => (
          <li key={link.href}>
            <a className="list-item-link" href={link.href} target="_blank" rel="noopener noreferrer">
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
