interface Article {
  id: string;
  question: string;
  paragraphs: string[];
}

/** The four questions the blog page answers (docs/requirements.md). */
export const ARTICLES: Article[] = [
  {
    id: 'javascript-vs-node',
    question: 'What is the difference between JavaScript and Node.js?',
    paragraphs: [
      'JavaScript is a programming language. Node.js is a runtime: a program, built on Chrome\u2019s V8 engine, that runs JavaScript outside the browser.',
      'In a browser, JavaScript works with the page through the DOM, window and fetch, inside a sandbox that cannot read your files. In Node.js there is no DOM; instead it gives access to the file system, network sockets, processes and environment variables, which is what servers and command-line tools need.',
      'So the language is the same, but what it can reach differs: browser JavaScript builds user interfaces, Node.js runs servers such as the API behind this site.',
    ],
  },
  {
    id: 'node-vs-mongodb',
    question: 'When should you use Node.js and when MongoDB?',
    paragraphs: [
      'They do different jobs, so most projects use both rather than choosing one. Node.js runs your application code: it receives HTTP requests, checks who is asking, applies the business rules and sends answers.',
      'MongoDB is a database: it stores the data durably, indexes it and answers queries. A Node.js server talks to MongoDB through its driver.',
      'Use Node.js when you need to run JavaScript on a server or build tooling; use MongoDB when you need to keep documents (such as inventory items) and find them again quickly.',
    ],
  },
  {
    id: 'sql-vs-nosql',
    question: 'What are the differences between SQL and NoSQL databases?',
    paragraphs: [
      'SQL (relational) databases such as PostgreSQL, MySQL or SQLite keep data in tables with a fixed schema, relate tables with keys and joins, and give ACID transactions across many rows. They suit data with clear relations and rules.',
      'NoSQL databases cover several models: documents (MongoDB), key-value (Redis), wide columns (Cassandra) and graphs (Neo4j). Their schemas are flexible, and many are built to scale out across machines; transactions and joins are more limited or work differently.',
      'Choose by the shape of the data and the guarantees you need, not by fashion: this app, for example, runs on SQLite by default and on MongoDB in production, behind the same rules.',
    ],
  },
  {
    id: 'jwt',
    question: 'What is JWT, and how does it work?',
    paragraphs: [
      'A JSON Web Token (JWT) is a compact, signed way to pass claims, such as \u201cthis request comes from user x, whose email is verified\u201d, between two parties.',
      'It has three Base64URL parts separated by dots: a header (the signing algorithm), a payload (the claims, including an expiry time) and a signature over both. The server that issues it signs it with a secret or private key; any server holding the key can check the signature and the expiry without a database lookup.',
      'The payload is only encoded, not encrypted, so it must not hold secrets. A server must always check the algorithm it expects (never accept \u201cnone\u201d) and the expiry, and tokens should be short-lived: Smart Zone\u2019s last one hour.',
    ],
  },
];
