// Footer of every page, the stand-alone landing page included.
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <p>© {new Date().getFullYear()} TripCost. All rights reserved.</p>
    </footer>
  );
}
