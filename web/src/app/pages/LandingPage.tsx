// Landing page (docs/product.md §1, §2). It is static and also served without the
// router and the store (app/landing/), so its links are AppLinks.
import { AppLink } from '../../components/AppLink';
import './landing.css';
import './testimonial.css';

const STEPS = [
  { title: 'Discover', text: 'Filter trips by location, date and budget.' },
  { title: 'Plan & Save', text: 'Favourite destinations, set budgets and get weather insights.' },
  { title: 'Go & Enjoy', text: 'Travel knowing exactly what your getaway costs.' },
];

export default function LandingPage() {
  return (
    <main className="landing">
      <nav className="landing__nav" aria-label="Main">
        <span className="brand brand--light">
          <span className="brand__mark" aria-hidden="true" />
          TripCost
        </span>
        <div className="landing__nav-links">
          <AppLink to="/about" className="btn btn--ghost-light">
            About us
          </AppLink>
          <AppLink to="/login" className="btn btn--light">
            Get Started
          </AppLink>
        </div>
      </nav>
      <section className="landing__hero">
        <div className="landing__copy">
          <h1>Plan Smarter, Travel Further.</h1>
          <p className="landing__lead">Find, plan, and save your perfect trip—affordable adventures await.</p>
          <ul className="landing__perks">
            <li>Budget planner</li>
            <li>Weather insights</li>
            <li>Wishlists</li>
          </ul>
          <AppLink to="/login" className="btn btn--accent btn--lg">
            Start Planning
          </AppLink>
        </div>
        <aside className="sample-card" aria-label="Sample trip card">
          <p className="sample-card__tag">Sample trip · not real data</p>
          <h2>Lisbon, Portugal</h2>
          <p className="muted">May 12 – May 18</p>
          <dl className="sample-card__costs">
            <div>
              <dt>Flights</dt>
              <dd>$420</dd>
            </div>
            <div>
              <dt>Hotel</dt>
              <dd>$610</dd>
            </div>
            <div>
              <dt>Car</dt>
              <dd>$180</dd>
            </div>
          </dl>
          <p className="sample-card__total">
            Estimated cost <strong>$1,210</strong>
          </p>
        </aside>
      </section>
      <section className="landing__steps" aria-labelledby="how-heading">
        <h2 id="how-heading">How It Works</h2>
        <ol className="steps">
          {STEPS.map((s, i) => (
            <li key={s.title} className="step">
              <span className="step__number" aria-hidden="true">
                {i + 1}
              </span>
              <h3>{s.title}</h3>
              <p>{s.text}</p>
            </li>
          ))}
        </ol>
      </section>
      <section className="testimonial" aria-label="Testimonial">
        <blockquote>“I compared three weekends for the same city and saved enough for an extra night away.”</blockquote>
        <p className="muted">— A TripCost traveller</p>
      </section>
    </main>
  );
}
