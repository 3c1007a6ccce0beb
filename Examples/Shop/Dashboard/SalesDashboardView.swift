import Charts
import SwiftUI

/// The shop's sales dashboard. Each chart rule of HIGLint fires once here (marked `HIGLint:`),
/// next to a chart that follows the guideline.
struct SalesDashboardView: View {
    @Environment(SalesStore.self) private var store
    @State private var selectedWeek: Date?

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 24) {
                // Compliant: titled with its conclusion, labelled marks, built-in selection.
                GroupBox("Orders grew every week this quarter") {
                    Chart(store.weeklyOrders) { week in
                        BarMark(x: .value("Week", week.start, unit: .weekOfYear), y: .value("Orders", week.count))
                            .accessibilityLabel(week.start.formatted(.dateTime.month().day()))
                            .accessibilityValue("\(week.count) orders")
                    }
                    .chartXSelection(value: $selectedWeek)
                    .frame(height: 200)
                }

                // HIGLint: chart-title-names-data (the title names the data), chart-missing-accessibility.
                GroupBox("Revenue") {
                    Chart(store.monthlyRevenue) { month in
                        BarMark(x: .value("Month", month.start, unit: .month), y: .value("Revenue", month.amount))
                    }
                    .frame(height: 200)
                }

                // HIGLint: line-mark-for-categories (a line across product categories).
                GroupBox("Which categories sell most") {
                    Chart(store.categorySales) { sale in
                        LineMark(x: .value("Category", sale.category), y: .value("Units", sale.units))
                            .accessibilityLabel(sale.category)
                            .accessibilityValue("\(sale.units) units")
                    }
                    .frame(height: 200)
                }

                // HIGLint: color-only-series (stores told apart by colour alone).
                GroupBox("Downtown outsells the mall on weekends") {
                    Chart(store.salesByStore) { sale in
                        LineMark(x: .value("Day", sale.date, unit: .day), y: .value("Sales", sale.total))
                            .foregroundStyle(by: .value("Store", sale.storeName))
                            .accessibilityLabel(sale.storeName)
                            .accessibilityValue(sale.total.formatted(.currency(code: "USD")))
                    }
                    .frame(height: 220)
                }

                // Compliant: colour plus symbol for each store.
                GroupBox("Returns stay flat in both stores") {
                    Chart(store.returnsByStore) { entry in
                        LineMark(x: .value("Day", entry.date, unit: .day), y: .value("Returns", entry.count))
                            .foregroundStyle(by: .value("Store", entry.storeName))
                            .symbol(by: .value("Store", entry.storeName))
                            .accessibilityLabel(entry.storeName)
                            .accessibilityValue("\(entry.count) returns")
                    }
                    .frame(height: 220)
                }

                paymentMix
                priceHistory
                KPIRow(title: "Conversion", points: store.conversionTrend)
                TrendRow(title: "Basket size", points: store.basketTrend)
            }
            .padding()
        }
    }

    // HIGLint: too-many-sectors (eight payment methods in one pie).
    private var paymentMix: some View {
        Section {
            Chart(Array(store.paymentMethods.prefix(8))) { method in
                SectorMark(angle: .value("Share", method.share), innerRadius: .ratio(0.6))
                    .foregroundStyle(by: .value("Method", method.name))
                    .annotation(position: .overlay) { Text(method.name).font(.caption) }
                    .accessibilityLabel(method.name)
                    .accessibilityValue(method.share.formatted(.percent))
            }
            .frame(height: 240)
        } header: {
            Text("Cards pay for most orders")
        }
    }

    // HIGLint: chart-without-title (nothing names this chart), chart-custom-gesture (hand-made drag).
    private var priceHistory: some View {
        VStack {
            Chart(store.averagePrice) { day in
                LineMark(x: .value("Day", day.date, unit: .day), y: .value("Average price", day.price))
                    .accessibilityLabel(day.date.formatted(date: .abbreviated, time: .omitted))
                    .accessibilityValue(day.price.formatted(.currency(code: "USD")))
            }
            .chartOverlay { proxy in
                Rectangle().fill(.clear).contentShape(Rectangle())
                    .gesture(DragGesture().onChanged { value in selectedWeek = proxy.value(atX: value.location.x) })
            }
            .frame(height: 180)
            Text("Prices include tax")
                .font(.footnote)
        }
    }
}

/// A key figure with its trend as a sparkline.
struct KPIRow: View {
    let title: String
    let points: [TrendPoint]

    var body: some View {
        HStack {
            Text(title)
            Spacer()
            // HIGLint: sparkline-with-axes (40 points high, axes still shown).
            Chart(points) { point in
                LineMark(x: .value("Day", point.date), y: .value("Value", point.value))
                    .accessibilityLabel(point.date.formatted(date: .abbreviated, time: .omitted))
                    .accessibilityValue(point.value.formatted(.percent))
            }
            .frame(width: 100, height: 40)
        }
    }
}

/// Compliant: a key figure whose trend is drawn as a sparkline should be.
struct TrendRow: View {
    let title: String
    let points: [TrendPoint]

    var body: some View {
        HStack {
            Text(title)
            Spacer()
            Chart(points) { point in
                LineMark(x: .value("Day", point.date), y: .value("Value", point.value))
                    .accessibilityLabel(point.date.formatted(date: .abbreviated, time: .omitted))
                    .accessibilityValue(point.value.formatted(.percent))
            }
            .chartXAxis(.hidden)
            .chartYAxis(.hidden)
            .chartLegend(.hidden)
            .frame(width: 100, height: 40)
        }
    }
}
